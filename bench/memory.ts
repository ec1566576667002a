// The memory part: resident memory of a `standin serve --size large` process, read from /proc from outside (no
// hook in the server), once started and after a stretch of the mixed profile; growth between the two.
import { cannon, type LoadResult } from './load.js';
import { rssMib, sleep, stop } from './processes.js';
import { mixedProfile } from './scenarios.js';
import { NOW, startStandin } from './servers.js';
import { round } from './stats.js';
import { findSubjects } from './subjects.js';

export interface MemoryOptions {
  seconds: number;
  connections: number;
  log: (line: string) => void;
}

export interface MemoryResult {
  size: 'large';
  loadSeconds: number;
  /** After the banner, a few reads (finding the records) and a second idle. */
  afterStartMib: number;
  /** The highest of the samples taken every 250 ms under load, garbage not yet collected included. */
  peakMib: number;
  /** A second after the load ends. */
  afterLoadMib: number;
  growthPercent: number;
  load: LoadResult;
}

/** A second's pause before each reading, so it is not taken in the middle of a burst of allocation. */
const SETTLE_MS = 1000;

export async function memory(options: MemoryOptions): Promise<MemoryResult> {
  options.log('memory: starting standin serve --size large');
  const standin = await startStandin('large');
  const pid = standin.process.pid;
  try {
    const subjects = await findSubjects(standin, NOW.slice(0, 10));
    await sleep(SETTLE_MS);
    const afterStart = rssMib(pid);
    let peak = afterStart;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMib(pid))), 250);
    options.log(`memory: ${round(afterStart)} MiB after start; ${options.seconds} s of the mixed profile`);
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
    await sleep(SETTLE_MS);
    const afterLoad = rssMib(pid);
    options.log(`memory: ${round(afterLoad)} MiB after the load (${load.rps} req/s, ${load.failed} failed)`);
    return {
      size: 'large',
      loadSeconds: options.seconds,
      afterStartMib: round(afterStart),
      peakMib: round(Math.max(peak, afterLoad)),
      afterLoadMib: round(afterLoad),
      growthPercent: round(((afterLoad - afterStart) / afterStart) * 100),
      load,
    };
  } finally {
    await stop(standin.process);
  }
}
