// The vitest file `standin contract --explore --explore-out DIR` saves, run by vitest itself as its user would
// run it (issue 37, "Replay"): red against the broken server it was found on, green against a sound one. It
// imports replaySteps from 'standin/contract', as saved: the package's own name, resolved from inside it.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { CheckingClient } from '../kit/checking-client.js';
import { Coverage } from '../kit/coverage.js';
import { explore } from '../explore/explore-run.js';
import { writeRepro } from '../explore/explore-repro.js';
import { createMock } from '../../src/index.js';
import { brokenFetch } from './broken-variants.js';
import { DOMAIN_VARIANTS } from './sequence-variants.js';
import { serveVariant, type ServedVariant } from './served-variant.js';

const NOW = '2026-11-20T15:00:00Z';
const run = promisify(execFile);
const servers: ServedVariant[] = [];
// Inside the project (reports/ is git-ignored), so that 'vitest' and 'standin/contract' resolve as in a user's.
mkdirSync('reports', { recursive: true });
const dir = mkdtempSync(resolve('reports/explore-repro-'));
// A user's own project has its own config; without one, vitest would take standin's (its include, its setup).
writeFileSync(join(dir, 'vitest.config.mjs'), 'export default { test: { include: ["*.test.ts"] } };\n');

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

/** `npx vitest run` in the repro's folder, as its header says; answers its exit code and output. */
async function vitestRun(server: ServedVariant): Promise<{ code: number; output: string }> {
  const env = { ...process.env, STANDIN_BASE_URL: server.baseUrl, STANDIN_TOKEN: server.token, CI: 'true' };
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [resolve('node_modules/vitest/vitest.mjs'), 'run', '--root', dir, 'explore-failure.test.ts'],
      { env, cwd: dir },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

it('fails against the broken server and passes against a sound one, run by vitest', async () => {
  const variant = DOMAIN_VARIANTS.find(
    (v) => v.name === "a goal keeps its deleted latest update's figures (no recompute)",
  )!;
  const broken = await serveVariant(variant, NOW);
  const sound = await serveVariant(null, NOW);
  servers.push(broken, sound);

  // Found in-process (the same defect, without a socket's cost), saved with the served broken server's URL.
  const client = new CheckingClient(
    { baseUrl: 'http://standin.test/api/v2', fetch: brokenFetch(createMock({ now: NOW }), variant) },
    broken.token,
    new Coverage(),
  );
  const me = (await client.expect<{ id: string }>(200, 'GET', '/me')).body.id;
  const { finding, seed } = await explore(
    { client, me, title: (word) => `[standin-contract] repro ${word}` },
    { seed: 1, requests: 2000, checkIns: true },
  );
  expect(finding).not.toBeNull();
  writeRepro(dir, broken.baseUrl, seed, finding!);

  const red = await vitestRun(broken);
  expect(red.code, red.output).toBe(1);
  expect(red.output).toMatch(/1 failed/);
  // The finding's own message up to its first id (the replay makes records of its own): the replay met the
  // defect, not some other failure on its way.
  expect(red.output).toContain(finding!.message.split(/[0-9a-f]{8}-/)[0]);
  const green = await vitestRun(sound);
  expect(green.code, green.output).toBe(0);
  expect(green.output).toMatch(/1 passed/);
}, 180_000);
