// The run's one Chromium, for a browser test file: launched by vitest's global setup
// (chromium-global-setup.ts), reached over its WebSocket; each file works in contexts of its own.
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's WebSocket endpoint (chromium-global-setup.ts). */
    chromiumEndpoint: string;
  }
}

/**
 * The shared Chromium, connected for this file: `close()` closes the contexts this file made and disconnects,
 * and leaves the browser to the other files.
 * @example const browser = await connectChromium(); const page = await browser.newPage();
 */
export async function connectChromium(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'));
}
