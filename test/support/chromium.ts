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
const SCREENSHOTS = join(ROOT, 'reports', 'screenshots');

/**
 * Headless Chromium, or a failure that says how to get it. `args` adds switches (a test of another site maps
 * its host name to 127.0.0.1 with `--host-resolver-rules`).
 */
export async function launchChromium(args: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: presentChromium(), headless: true, args: ['--no-sandbox', ...args] });
}

/**
 * Headless Chromium as a server that processes connect to over its WebSocket (`chromium.connect`), with `args`
 * as for launchChromium.
 * @example const server = await launchChromiumServer(); console.log(server.wsEndpoint());
 */
export async function launchChromiumServer(args: readonly string[] = []): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: presentChromium(), headless: true, args: ['--no-sandbox', ...args] });
}

/**
 * Where Chromium is: `STANDIN_CHROMIUM` (a Chromium or Chrome binary elsewhere, say on a Mac), or Debian's.
 * @example STANDIN_CHROMIUM="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" npm test
 */
function chromiumPath(): string {
  return process.env.STANDIN_CHROMIUM || CHROMIUM;
}

/**
 * Why the browser tests cannot run, in one line that says how to mend it; null when Chromium is there.
 * @example const missing = missingChromium(); if (missing) throw new Error(missing);
 */
export function missingChromium(): string | null {
  const path = chromiumPath();
  if (existsSync(path)) return null;
  return process.env.STANDIN_CHROMIUM
    ? `npm test drives Chromium for its browser tests, and STANDIN_CHROMIUM names ${path}, which does not exist: point it at a Chromium or Chrome binary.`
    : `npm test drives Chromium for its browser tests, and ${CHROMIUM} is missing: install Debian's (sudo apt-get install chromium), or point STANDIN_CHROMIUM at a Chromium or Chrome binary.`;
}

function presentChromium(): string {
  const missing = missingChromium();
  if (missing) throw new Error(missing);
  return chromiumPath();
}

/** A screenshot under SCREENSHOTS (the full page unless told), its path printed for whoever reads the log. */
export async function keepScreenshot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage });
  console.log(`screenshot of ${name}: ${path}`);
  return path;
}
