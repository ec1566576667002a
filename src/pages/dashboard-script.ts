// The dashboard's script as the server serves it: the bundle `npm run build` writes beside this module
// (bundle-dashboard.ts), read on its first request and kept in memory, so that a server nobody opens / on reads
// nothing. One file of some tens of kB, never more than one copy.
import { readFile } from 'node:fs/promises';

/** Where the script is, relative to this module (in src/pages/ for the tests, in dist/src/pages/ for the rest). */
export const DASHBOARD_SCRIPT_FILE = 'generated/dashboard.js';

let script: Promise<string> | undefined;

/**
 * The bundled script, read once (a failed read is tried again on the next request).
 * @example const text = await dashboardScript()
 */
export function dashboardScript(): Promise<string> {
  if (!script) {
    const read = readFile(new URL(DASHBOARD_SCRIPT_FILE, import.meta.url), 'utf8');
    void read.catch(() => (script = undefined));
    script = read;
  }
  return script;
}
