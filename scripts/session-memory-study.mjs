// Issue 35's study of what sessions cost the large world's memory against the budget's estimate (docs/speed.md,
// "twelfth session"): in one process, the large world (seed 42, --now 2026-11-20T15:00:00Z) and five sessions, each
// moving its clock 14 days and taking 8 snapshots, as test/memory-process.test.ts's sessions do; after each, the
// process's RSS before and after two full collections, the heap's used and total size, and the budget's own estimate
// (GET /__mock/world's memory.used_bytes), each as growth since the start. On the built checkout (npm run build
// first); some 5 minutes on the 2-core box.
//
// Usage: node --expose-gc scripts/session-memory-study.mjs [SESSIONS]
/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return --
   a study's script: it imports the built library by path (dist/, which may not exist when it is linted). */
import { fileURLToPath } from 'node:url';

if (typeof globalThis.gc !== 'function') {
  console.error('run it with node --expose-gc: each reading is taken after full collections');
  process.exit(2);
}
const library = fileURLToPath(new URL('../dist/lib/index.js', import.meta.url));
const { createMock } = await import(library);
const sessions = Number(process.argv[2] ?? 5);
// A budget far above what the sessions use: the study reads the estimate, it does not want refusals.
const mock = createMock({ size: 'large', now: '2026-11-20T15:00:00Z', memoryBudget: 2 ** 31 });
const MiB = 2 ** 20;
const mib = (bytes) => (bytes / MiB).toFixed(1);

async function estimate() {
  const world = await (await mock.app.request('/__mock/world')).json();
  return world.memory.used_bytes;
}

function reading() {
  const rssBefore = process.memoryUsage().rss;
  globalThis.gc();
  globalThis.gc();
  const { rss, heapUsed, heapTotal } = process.memoryUsage();
  return { rssBefore, rss, heapUsed, heapTotal };
}

const start = reading();
const estimated = await estimate();
console.log(
  `start: RSS ${mib(start.rssBefore)} MiB (${mib(start.rss)} after a collection), heap ${mib(start.heapUsed)} of ${mib(start.heapTotal)} MiB`,
);
for (let s = 0; s < sessions; s++) {
  const headers = { 'x-mock-session': `study-${s}`, 'content-type': 'application/json' };
  const body = JSON.stringify({ days: 14 });
  const moved = await mock.app.request('/__mock/clock/advance', { method: 'POST', headers, body });
  let snapshots = 0;
  for (let n = 0; n < 8; n++) {
    const taken = await mock.app.request(`/__mock/snapshots/s${n}`, { method: 'PUT', headers });
    if (taken.status === 200) snapshots++;
  }
  const now = reading();
  const grown = (await estimate()) - estimated;
  console.log(
    `after ${s + 1} session(s) (advance ${moved.status}, ${snapshots} snapshots), growth since the start: RSS ` +
      `+${mib(now.rssBefore - start.rssBefore)} MiB (+${mib(now.rss - start.rss)} after a collection), heap used ` +
      `+${mib(now.heapUsed - start.heapUsed)}, heap total +${mib(now.heapTotal - start.heapTotal)}, the budget's ` +
      `estimate +${mib(grown)} MiB: heap used ${((now.heapUsed - start.heapUsed) / grown).toFixed(2)}× the estimate`,
  );
}
process.exit(0);
