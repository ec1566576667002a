// The pages' scripts as the server serves them: the bundles `npm run build` writes beside this module
// (bundle-dashboard.ts) — the dashboard's, and standin proxy's page's — each read on its first request and kept in
// memory, so that a server nobody opens a page of reads nothing. Files of some tens of kB, one copy each. The
// single-file binary carries them as assets of its own.
import { readFile } from 'node:fs/promises';
import { EMBEDDED, embeddedText, IN_BINARY } from '../spec/embedded-assets.js';

/** Where the dashboard's script is, relative to this module (in src/pages/ for the tests, in dist/src/pages/ for the rest). */
export const DASHBOARD_SCRIPT_FILE = 'generated/dashboard.js';
/** standin proxy's page's script (proxy-page.ts), beside it. */
export const PROXY_SCRIPT_FILE = 'generated/proxy-dashboard.js';

const scripts = new Map<string, Promise<string>>();

/**
 * A bundled script, read once (a failed read is tried again on the next request).
 * @example const text = await bundledScript(PROXY_SCRIPT_FILE)
 */
export function bundledScript(file: string): Promise<string> {
  let script = scripts.get(file);
  if (!script) {
    script = IN_BINARY
      ? Promise.resolve().then(() => embeddedText(EMBEDDED.pageScript(file)))
      : readFile(new URL(file, import.meta.url), 'utf8');
    void script.catch(() => scripts.delete(file));
    scripts.set(file, script);
  }
  return script;
}

/**
 * The dashboard's bundled script.
 * @example const text = await dashboardScript()
 */
export function dashboardScript(): Promise<string> {
  return bundledScript(DASHBOARD_SCRIPT_FILE);
}
