// The memory part: resident memory of a `standin serve --size large` process, read from /proc from outside,
// once started and after a stretch of the mixed profile. The server runs with the bench-only gc-probe preload
// (as the soak's do), so that each reading can also be taken right after a full garbage collection: RSS read
// under load includes garbage V8 has not collected yet, which says nothing of what the server keeps. Growth is
// judged after a collection and after a reset to the generated world (MK2), so that the records the load
// wrote — kept by design — are not counted as what the load left behind; the figures with them are beside it.
import { fileURLToPath } from 'node:url';
import { cannon, type LoadResult } from './load.js';
import { rssMib, signal, sleep, stop, waitForOutput } from './processes.js';
import { mixedProfile } from './scenarios.js';
import { NOW, startStandin, type Standin } from './servers.js';
import { round } from './stats.js';
import { findSubjects } from './subjects.js';

export interface MemoryOptions {
  seconds: number;
  connections: number;
  log: (line: string) => void;
}

/** One reading: resident memory and, right after a full collection, resident memory and the heap kept. */
export interface MemoryReading {
  rssMib: number;
  collectedRssMib: number;
  heapMib: number;
}

export interface MemoryResult {
  size: 'large';
  loadSeconds: number;
  /** After the banner, a few reads (finding the records) and a second idle. */
  afterStart: MemoryReading;
  /** The highest of the samples taken every 250 ms under load, garbage not yet collected included. */
  peakMib: number;
  /** A second after the load ends: the world holds the records the load wrote. */
  afterLoad: MemoryReading;
  /** Then reset to the generated world (POST /__mock/reset): what the load left beside its own records. */
  afterReset: MemoryReading;
  /** afterReset's collected RSS against afterStart's. */
  growthPercent: number;
  load: LoadResult;
}

/** A second's pause before each reading, so it is not taken in the middle of a burst of allocation. */
const SETTLE_MS = 1000;
const GC_PROBE = fileURLToPath(new URL('./gc-probe.js', import.meta.url));

/** Resident memory of a standin started with the gc-probe preload, as it is and right after a full collection. */
export async function reading(standin: Standin): Promise<MemoryReading> {
  await sleep(SETTLE_MS);
  const { pid } = standin.process;
  const rss = rssMib(pid);
  const output = standin.process.output;
  const before = output.text.length;
  signal(standin.process, 'SIGUSR2');
  const heap = await waitForOutput(
    {
      ...standin.process,
      output: {
        get text() {
          return output.text.slice(before);
        },
      },
    },
    /gc-probe: collected, heap used (\d+) bytes/,
    10_000,
  );
  return { rssMib: round(rss), collectedRssMib: round(rssMib(pid)), heapMib: round(Number(heap[1]) / 2 ** 20) };
}

export async function memory(options: MemoryOptions): Promise<MemoryResult> {
  options.log('memory: starting standin serve --size large (with the bench-only gc-probe preload)');
  const standin = await startStandin('large', [], ['--expose-gc', '--import', GC_PROBE]);
  const pid = standin.process.pid;
  try {
    const subjects = await findSubjects(standin, NOW.slice(0, 10));
    const afterStart = await reading(standin);
    let peak = afterStart.rssMib;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMib(pid))), 250);
    options.log(`memory: ${afterStart.rssMib} MiB after start; ${options.seconds} s of the mixed profile`);
    let load: LoadResult;
    try {
      load = await cannon(standin.origin, mixedProfile(subjects), {
        token: subjects.token,
        connections: options.connections,
        seconds: options.seconds,
      });
    } finally {
      clearInterval(sampler);
    }
    const afterLoad = await reading(standin);
    options.log(`memory: ${afterLoad.rssMib} MiB after the load (${load.rps} req/s, ${load.failed} failed)`);
    const reset = await fetch(`${standin.origin}/__mock/reset`, { method: 'POST' });
    if (!reset.ok) throw new Error(`POST /__mock/reset answered ${reset.status}`);
    const afterReset = await reading(standin);
    return {
      size: 'large',
      loadSeconds: options.seconds,
      afterStart,
      peakMib: round(Math.max(peak, afterLoad.rssMib)),
      afterLoad,
      afterReset,
      growthPercent: round(
        ((afterReset.collectedRssMib - afterStart.collectedRssMib) / afterStart.collectedRssMib) * 100,
      ),
      load,
    };
  } finally {
    await stop(standin.process);
  }
}
