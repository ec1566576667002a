// The layer rules (.dependency-cruiser.cjs) bite: a tree laid out like ours, with one import each, cruised with
// the project's own rules — what goes against the arrows, or comes from a folder no rule lists, fails.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as IConfiguration;
const root = mkdtempSync(join(tmpdir(), 'standin-layers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every folder of ours, with a module in each to import. */
const FOLDERS = [
  'src/spec',
  'src/domain',
  'fixtures',
  'src/runtime',
  'src/http',
  'src/pages',
  'src/pages/dashboard',
  'src/msw',
  'src/server',
  'src/cli',
];
for (const folder of FOLDERS) {
  mkdirSync(join(root, folder), { recursive: true });
  writeFileSync(join(root, folder, 'thing.ts'), 'export const thing = 1;\n');
}
let probes = 0;

/** The rules each of `from`'s imports of `to` breaks (none when it is allowed). */
async function broken(from: string, to: string): Promise<string[]> {
  const file = join(root, from, `probe-${++probes}.ts`);
  mkdirSync(dirname(file), { recursive: true });
  const target = to.startsWith('node:') ? to : `${'../'.repeat(from.split('/').length)}${to}/thing.js`;
  writeFileSync(file, `import { thing } from '${target}';\nexport const probe = thing;\n`);
  const { output } = await cruise([file.slice(root.length + 1)], {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden, allowed: config.allowed, allowedSeverity: config.allowedSeverity },
    doNotFollow: { path: 'node_modules' },
  });
  const rules = (output as ICruiseResult).summary.violations.map((v) => v.rule.name);
  return [...new Set(rules)];
}

describe('the layer rules (npm run lint:layers)', () => {
  it.each([
    ['src/domain', 'src/pages', ['not-in-allowed']],
    ['src/domain', 'src/msw', ['not-in-allowed']],
    ['src/domain', 'src/runtime', ['not-in-allowed']],
    ['src/runtime', 'src/http', ['not-in-allowed']],
    ['fixtures', 'src/runtime', ['not-in-allowed']],
    ['src/http', 'src/pages', ['not-in-allowed']],
    ['src/msw', 'src/cli', ['not-in-allowed']],
    ['src/server', 'src/cli', ['not-in-allowed']],
    // A folder no rule lists yet may import nothing of ours: it is covered the day it appears.
    ['src/webhooks', 'src/domain', ['not-in-allowed']],
    ['src/domain', 'node:fs', ['browser-safe']],
    ['src/runtime', 'node:fs', ['browser-safe']],
    // The dashboard's browser modules: their own folder and the specs' types, and bundled, never imported.
    ['src/pages/dashboard', 'src/http', ['dashboard-client-in-the-browser']],
    ['src/pages/dashboard', 'src/pages', ['dashboard-client-in-the-browser']],
    ['src/pages/dashboard', 'node:fs', ['dashboard-client-in-the-browser']],
    ['src/pages', 'src/pages/dashboard', ['dashboard-client-is-bundled']],
    ['src/cli', 'src/pages/dashboard', ['dashboard-client-is-bundled']],
  ])('%s importing %s fails', async (from, to, rules) => {
    expect(await broken(from, to)).toEqual(rules);
  });

  it.each([
    ['src/runtime', 'src/domain'],
    ['src/runtime', 'fixtures'],
    ['src/http', 'src/runtime'],
    ['src/pages', 'src/http'],
    ['src/cli', 'src/pages'],
    ['src/server', 'src/pages'],
    ['src/cli', 'node:fs'],
    ['src/pages/dashboard', 'src/pages/dashboard'],
  ])('%s importing %s passes', async (from, to) => {
    expect(await broken(from, to)).toEqual([]);
  });
});
