// Debian's Chromium, driven by playwright-core (never a browser a tool downloads): launched on its own (the
// benchmark) or as a server the browser test files share (chromium-global-setup.ts); and the folder where the
// tests' screenshots are kept for CI's artifacts.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserServer, type Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Where screenshots go; CI prints it and keeps what is there. */
export const SCREENSHOTS = join(ROOT, 'reports', 'screenshots');

/**
 * Headless Chromium, or a failure that says how to get it. `args` adds switches (a test of another site maps
 * its host name to 127.0.0.1 with `--host-resolver-rules`).
 */
export async function launchChromium(args: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', ...args] });
}

/**
 * Headless Chromium as a server that processes connect to over its WebSocket (`chromium.connect`), with `args`
 * as for launchChromium.
 * @example const server = await launchChromiumServer(); console.log(server.wsEndpoint());
 */
export async function launchChromiumServer(args: readonly string[] = []): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', ...args] });
}

function chromiumPath(): string {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: apt-get install chromium (Debian's; .ci/run installs it)`);
  }
  return CHROMIUM;
}

/** A screenshot under SCREENSHOTS (the full page unless told), its path printed for whoever reads the log. */
export async function keepScreenshot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage });
  console.log(`screenshot of ${name}: ${path}`);
  return path;
}
