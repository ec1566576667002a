// npm start's prestart (scripts/build-if-changed.mjs): the build runs when something it reads changed since the last
// build's stamp, and not otherwise. Run in a folder of its own, with a build that counts its runs and stamps as the
// real one does, so that the checkout's dist/ is never rebuilt under the other tests.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../scripts/build-if-changed.mjs', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'standin-prestart-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

mkdirSync(join(folder, 'scripts'));
copyFileSync(SCRIPT, join(folder, 'scripts', 'build-if-changed.mjs'));
mkdirSync(join(folder, 'src', 'domain'), { recursive: true });
writeFileSync(join(folder, 'src', 'domain', 'goal.ts'), 'export const goal = 1;\n');
writeFileSync(join(folder, 'src', 'domain', 'old.ts'), 'export const old = 1;\n');
// Written an hour ago, as a checkout is older than its build.
for (const path of ['src/domain/goal.ts', 'src/domain/old.ts', 'src/domain', 'src']) {
  const before = new Date(Date.now() - 3_600_000);
  utimesSync(join(folder, path), before, before);
}
writeFileSync(
  join(folder, 'package.json'),
  JSON.stringify({
    name: 'prestart-probe',
    private: true,
    scripts: {
      build: `node -e "require('node:fs').appendFileSync('builds', 'built\\n')" && node scripts/build-if-changed.mjs --stamp`,
    },
  }),
);

/** Runs the prestart; how many builds there have been so far. */
function prestart(): number {
  const run = spawnSync(process.execPath, [join(folder, 'scripts', 'build-if-changed.mjs')], {
    cwd: folder,
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  try {
    return readFileSync(join(folder, 'builds'), 'utf8').split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

/** Marks `path` changed just after the last build's stamp (and before the next build's, which npm takes longer to reach). */
function changed(path: string): void {
  const after = new Date(statSync(join(folder, 'dist', '.built')).mtimeMs + 1);
  utimesSync(path, after, after);
}

describe("npm start's prestart", () => {
  it('builds without a stamp, not again while nothing changed, again after a source changed, a file was removed or the packages were installed', () => {
    expect(prestart()).toBe(1);
    expect(prestart()).toBe(1);
    changed(join(folder, 'src', 'domain', 'goal.ts'));
    expect(prestart()).toBe(2);
    expect(prestart()).toBe(2);
    rmSync(join(folder, 'src', 'domain', 'old.ts'));
    changed(join(folder, 'src', 'domain'));
    expect(prestart()).toBe(3);
    mkdirSync(join(folder, 'node_modules'));
    writeFileSync(join(folder, 'node_modules', '.package-lock.json'), '{}\n');
    expect(prestart()).toBe(4);
    expect(prestart()).toBe(4);
  });
});
