// The environment for a test that runs the docs' `npx standin …` from the package's own folder: npm's cache of a
// folder of the test's own. `npx standin` there installs this checkout into npm's cache (_npx/<hash of its path>)
// and keeps the bin link it made then: CI's clean clone at a path an earlier run used met the link to a bin
// package.json no longer names (dist/src/cli/main.js, not executable: "sh: 1: standin: Permission denied").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * process.env with npm_config_cache set to a new empty folder (about 3 s for the first npx to link the package);
 * `remove` deletes the folder.
 * @example const npx = npxEnv(); afterAll(npx.remove); spawnSync('bash', ['-c', 'npx standin --help'], { env: npx.env });
 */
export function npxEnv(): { env: NodeJS.ProcessEnv; remove: () => void } {
  const cache = mkdtempSync(join(tmpdir(), 'standin-npx-cache-'));
  return {
    env: { ...process.env, npm_config_cache: cache },
    remove: () => rmSync(cache, { recursive: true, force: true }),
  };
}
