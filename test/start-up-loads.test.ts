// What a start loads (issue 19's start-up): the code only GET /__mock/events needs (event-stream.ts and
// hono/streaming) is loaded by the first stream, not by createMock nor by the requests a start is timed to, and
// the stream answers all the same once it is.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const INDEX = new URL('../dist/src/index.js', import.meta.url).href;

/** A load hook telling, on stderr, each module of the stream's code as it is loaded. */
const STREAM_CODE_HOOK = `export async function load(url, context, next) {
  if (url.endsWith('/http/event-stream.js') || url.includes('/hono/dist/helper/streaming/'))
    process.stderr.write('loaded ' + url.slice(url.lastIndexOf('/dist/') + 1) + '\\n');
  return next(url, context);
}`;
const WITH_HOOK = `data:text/javascript,${encodeURIComponent(
  `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(STREAM_CODE_HOOK)}`)});`,
)}`;

/** createMock, a GET /me and a control, then a stream's first bytes: each step said on stderr as it ends. */
const SCRIPT = `
  const { createMock } = await import(${JSON.stringify(INDEX)});
  const mock = createMock({ size: 'small', now: '2026-11-20T15:00:00Z' });
  const [{ read_write: token }] = await (await mock.app.request('/__mock/tokens')).json();
  const me = await mock.app.request('/api/v2/me', { headers: { authorization: 'Bearer ' + token } });
  process.stderr.write('started ' + me.status + '\\n');
  const stream = await mock.app.request('/__mock/events');
  const reader = stream.body.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  process.stderr.write('streamed ' + stream.status + ' ' + JSON.stringify(new TextDecoder().decode(value)) + '\\n');
  process.exit(0);`;

describe('start-up (issue 19)', () => {
  it('loads the event stream’s code with the first GET /__mock/events, not at start', () => {
    const child = spawnSync(process.execPath, ['--import', WITH_HOOK, '--input-type=module', '-e', SCRIPT], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.status, child.stderr).toBe(0);
    const lines = child.stderr.trim().split('\n');
    const started = lines.indexOf('started 200');
    const streamed = lines.findIndex((line) => line.startsWith('streamed '));
    expect(started, child.stderr).toBeGreaterThanOrEqual(0);
    // Nothing of the stream's code before the start's requests were answered…
    expect(lines.slice(0, started)).toEqual([]);
    // …and all of it by the first stream, which answered as ever.
    expect(new Set(lines.slice(started + 1, streamed))).toEqual(
      new Set([
        'loaded dist/src/http/event-stream.js',
        'loaded dist/helper/streaming/index.js',
        'loaded dist/helper/streaming/sse.js',
        'loaded dist/helper/streaming/stream.js',
        'loaded dist/helper/streaming/text.js',
        'loaded dist/helper/streaming/utils.js',
      ]),
    );
    expect(lines[streamed]).toBe('streamed 200 "retry: 2000\\n\\n"');
  });
});
