// The library as a user imports it: `standin` and `standin/contract` resolve, through package.json's exports, to
// the bundle in dist/lib (src/cli/bundle-cli.ts), not to dist/src's module per file; what the bundle reads beside
// itself (the state worker, the dashboard's script, the spec files above it) is found from there.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { watchLoads } from './support/module-loads.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The package's root, as module URLs start. */
const ROOT_URL = new URL('..', import.meta.url).href;

/**
 * By the package's names, from inside it as a user's code is: a server, a restore of its own state (the worker), the
 * dashboard's script, GET /me, and the kit's run against it; what each answered and every own file loaded.
 */
const SCRIPT = `${watchLoads(
  `url.startsWith(${JSON.stringify(ROOT_URL)}) && !url.includes('/node_modules/')`,
  `url.slice(${ROOT_URL.length})`,
)}
  const { startServer } = await import('standin');
  const { checkContract } = await import('standin/contract');
  const running = await startServer({ port: 0, host: '127.0.0.1', size: 'small', now: '2026-11-20T15:00:00Z' });
  const root = new URL('/', running.baseUrl);
  const state = await (await fetch(new URL('/__mock/state', root))).text();
  const restored = await fetch(new URL('/__mock/state', root), { method: 'PUT', body: state, headers: { 'content-type': 'application/json' } });
  const page = await (await fetch(root, { headers: { accept: 'text/html' } })).text();
  const script = await fetch(new URL(/src="(\\/dashboard\\/[^"]+\\.js)"/.exec(page)[1], root));
  const [{ read_write: token }] = await (await fetch(new URL('/__mock/tokens', root))).json();
  const me = await fetch(new URL('/api/v2/me', root), { headers: { authorization: 'Bearer ' + token } });
  const run = await checkContract({ baseUrl: running.baseUrl });
  await running.close();
  const loaded = drain();
  const problem = restored.status === 200 ? null : await restored.text();
  process.stdout.write(JSON.stringify({ restored: restored.status, problem, script: script.status, me: me.status, kit: run.ok, failed: run.failed, loaded }));
  process.exit(0);`;

describe('the library bundle', () => {
  it('is what `standin` and `standin/contract` load: a server, its restore worker, its pages and the kit all run from dist/lib', () => {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 300_000,
    });
    expect(child.status, child.stderr).toBe(0);
    const seen = JSON.parse(child.stdout) as {
      restored: number;
      problem: string | null;
      script: number;
      me: number;
      kit: boolean;
      failed: number;
      loaded: string[];
    };
    // The restore's worker runs with this process's Node options less --input-type (a 500 before: state-loader.ts).
    expect([seen.restored, seen.script, seen.me, seen.kit, seen.failed], seen.problem ?? '').toEqual([
      200,
      200,
      200,
      true,
      0,
    ]);
    // The code is the bundle's alone: no module of dist/src, dist/fixtures or dist/contract-tests one by one.
    const code = seen.loaded.filter((file) => file.endsWith('.js'));
    expect(code.filter((file) => !file.startsWith('dist/lib/'))).toEqual([]);
    expect(code).toContain('dist/lib/index.js');
    expect(code).toContain('dist/lib/contract.js');
    // A handful of chunks, where dist/src's graph is some 220 files for createMock alone.
    expect(code.length).toBeLessThan(60);
  });

  it("loads no module of the user's node_modules for createMock: Hono is in its chunks, and nothing else is asked", () => {
    // bundle-cli.ts (externalButHono): Hono's 36 modules, read one by one, were some 9 ms of a small start. faker's
    // base (fixtures/faker-class.ts), ajv's ucs2length and ajv-formats (src/spec/ucs2-length.ts, library-formats.ts)
    // and @noble/hashes (fixtures/keyed-hash.ts) were some 25 ms more, each resolved, read and compiled at start.
    const script = `${watchLoads("url.includes('/node_modules/')", "url.replace(/^.*\\/node_modules\\//, '')")}
      const { createMock } = await import('standin');
      const mock = createMock({ size: 'small', now: '2026-11-20T15:00:00Z', controlToken: 'a-control-token-of-ours' });
      const atStart = drain();
      const [{ read_write: token }] = await mock.tokens({ controlToken: 'a-control-token-of-ours' });
      const me = await mock.app.request('/api/v2/me', { headers: { authorization: 'Bearer ' + token } });
      const later = drain();
      // A module of node_modules the script asks for itself: what shows that the watch sees them.
      await import('ajv/dist/runtime/equal.js');
      process.stdout.write(JSON.stringify({ me: me.status, atStart, later, asked: drain() }));
      process.exit(0);`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(child.status, child.stderr).toBe(0);
    const seen = JSON.parse(child.stdout) as { me: number; atStart: string[]; later: string[]; asked: string[] };
    expect(seen.me).toBe(200);
    expect(seen.atStart).toEqual([]);
    // Nor later: the checks compare values with an ES module of ours (src/spec/deep-equal.ts), where ajv's runtime
    // helper was the one package a first answer's checks still loaded; a module the script asks for itself is seen.
    expect(seen.later).toEqual([]);
    expect(seen.asked).toContain('ajv/dist/runtime/equal.js');
  });
});
