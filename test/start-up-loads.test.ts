// What a start loads (issue 19's start-up): the code only GET /__mock/events needs (event-stream.ts and
// hono/streaming) is loaded by the first stream, not by createMock nor by the requests a start is timed to, and
// the stream answers all the same once it is.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { watchLoads } from './support/module-loads.js';

const INDEX = new URL('../dist/src/index.js', import.meta.url).href;

/** createMock, a control and a GET /me, then a stream's first bytes; what was loaded by each, as JSON. */
const SCRIPT = `${watchLoads(
  "url.endsWith('/http/event-stream.js') || url.includes('/hono/dist/helper/streaming/')",
  "url.slice(url.lastIndexOf('/dist/') + 1)",
)}
  const { createMock } = await import(${JSON.stringify(INDEX)});
  const mock = createMock({ size: 'small', now: '2026-11-20T15:00:00Z' });
  const [{ read_write: token }] = await (await mock.app.request('/__mock/tokens')).json();
  const me = await mock.app.request('/api/v2/me', { headers: { authorization: 'Bearer ' + token } });
  const atStart = drain();
  const stream = await mock.app.request('/__mock/events');
  const reader = stream.body.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  const byStream = drain();
  process.stdout.write(JSON.stringify({ me: me.status, atStart, stream: stream.status, first: new TextDecoder().decode(value), byStream }));
  process.exit(0);`;

/** Runs `script` in a Node of its own (a fresh module graph), from the package root: what it printed, as JSON. */
function runScript(script: string): unknown {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout);
}

describe('start-up (issue 19)', () => {
  it('loads the event stream’s code with the first GET /__mock/events, not at start', () => {
    const seen = runScript(SCRIPT) as {
      me: number;
      atStart: string[];
      stream: number;
      first: string;
      byStream: string[];
    };
    // Nothing of the stream's code by the time the start's requests were answered…
    expect(seen.me).toBe(200);
    expect(seen.atStart).toEqual([]);
    // …and all of it by the first stream, which answered as ever.
    expect(new Set(seen.byStream)).toEqual(
      new Set([
        'dist/src/http/event-stream.js',
        'dist/helper/streaming/index.js',
        'dist/helper/streaming/sse.js',
        'dist/helper/streaming/stream.js',
        'dist/helper/streaming/text.js',
        'dist/helper/streaming/utils.js',
      ]),
    );
    expect([seen.stream, seen.first]).toEqual([200, 'retry: 2000\n\n']);
  });
});

/** createMock and a GET /me, then a control: whether the spec's checks (spec-checks.js, about 2 MB) were loaded. */
const CHECKS_SCRIPT = `${watchLoads(
  "url.endsWith('/generated/spec-checks.js')",
  "url.slice(url.lastIndexOf('/dist/') + 1)",
)}
  const { createMock } = await import(${JSON.stringify(INDEX)});
  const mock = createMock({ size: 'small', now: '2026-11-20T15:00:00Z', anyToken: true });
  const me = await mock.app.request('/api/v2/me');
  const atStart = drain();
  const tokens = await mock.app.request('/__mock/tokens');
  process.stdout.write(JSON.stringify({ me: me.status, atStart, tokens: tokens.status, byControl: drain() }));
  process.exit(0);`;

describe('start-up (issue 34)', () => {
  it('loads the spec’s checks (the controls’ and the responses’) with the first control, not for the API’s first answer', () => {
    const seen = runScript(CHECKS_SCRIPT) as { me: number; atStart: string[]; tokens: number; byControl: string[] };
    expect([seen.me, seen.atStart]).toEqual([200, []]);
    expect([seen.tokens, seen.byControl]).toEqual([200, ['dist/src/spec/generated/spec-checks.js']]);
  });
});

/** createMock and a GET /me, then a restore of the mock's own state: whether the world's schemas were loaded. */
const WORLD_SCRIPT = `${watchLoads("url.endsWith('/generated/spec-world.js')", "url.slice(url.lastIndexOf('/dist/') + 1)")}
  const { createMock } = await import(${JSON.stringify(INDEX)});
  const mock = createMock({ size: 'small', now: '2026-11-20T15:00:00Z', anyToken: true });
  const me = await mock.app.request('/api/v2/me');
  const atStart = drain();
  const state = await (await mock.app.request('/__mock/state')).text();
  const restored = await mock.app.request('/__mock/state', { method: 'PUT', body: state, headers: { 'content-type': 'application/json' } });
  const full = await (await mock.app.request('/__mock/state?full=true')).json();
  full.records.people[0].email = 'not an email';
  const refused = await mock.app.request('/__mock/state', { method: 'PUT', body: JSON.stringify(full), headers: { 'content-type': 'application/json' } });
  const problem = await refused.json();
  process.stdout.write(JSON.stringify({ me: me.status, atStart, restored: restored.status, byRestore: drain(), refused: refused.status, problem: JSON.stringify(problem) }));
  process.exit(0);`;

describe('start-up (issue 35)', () => {
  it("loads the world's schemas with the first restore, not for the API's first answer", () => {
    // spec-world.js (the ten record schemas a restored world is checked against) was some 6 ms of a fresh
    // process's import('standin'), for a check no first answer makes.
    const seen = runScript(WORLD_SCRIPT) as {
      me: number;
      atStart: string[];
      restored: number;
      byRestore: string[];
      refused: number;
      problem: string;
    };
    expect([seen.me, seen.atStart]).toEqual([200, []]);
    expect([seen.restored, seen.byRestore]).toEqual([200, ['dist/src/spec/generated/spec-world.js']]);
    // And a world they refuse is refused by them, once loaded.
    expect(seen.refused).toBe(422);
    expect(seen.problem).toMatch(/Person [0-9a-f-]+: .*email/);
  });
});
