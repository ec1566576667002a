// Debian's Chromium for the browser tests, driven by playwright-core (never a browser a tool downloads), and
// the folder where their screenshots are kept for CI's artifacts.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Where screenshots go; CI prints it and keeps what is there. */
export const SCREENSHOTS = join(ROOT, 'reports', 'screenshots');

/**
 * Headless Chromium, or a failure that says how to get it. `args` adds switches (a test of another site maps
 * its host name to 127.0.0.1 with `--host-resolver-rules`).
 */
export async function launchChromium(args: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: apt-get install chromium (Debian's; .ci/run installs it)`);
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', ...args] });
}

/** A screenshot under SCREENSHOTS (the full page unless told), its path printed for whoever reads the log. */
export async function keepScreenshot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage });
  console.log(`screenshot of ${name}: ${path}`);
  return path;
}
