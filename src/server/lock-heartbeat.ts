// The heartbeat of a --state file's lock: how a holder proves it still runs to a server that cannot look its
// process up (another machine, another container: a restarted container has a new host name and pid space). The
// holder touches its lock files' mtime every `heartbeatMs`; a lock untouched for `staleMs` is a holder that
// stopped, whatever host wrote it, and is taken over, as proper-lockfile judges its locks (that library itself
// is not used: state-lock.ts says why).
import { lstat, utimes } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/** How often a holder touches its lock, and how long a lock may go untouched before it counts as abandoned. */
export interface LockTiming {
  heartbeatMs: number;
  staleMs: number;
}

/**
 * A beat every 5 s; abandoned after 30 s without one. The window is six beats: a holder is only taken for gone
 * when its event loop has been held far longer than any work of standin's holds it (the slowest answer measured
 * while a month of the large world was made was 817 ms, docs/reliability.md), and a container restarted after a
 * crash waits at most that long for the file.
 */
export const DEFAULT_LOCK_TIMING: LockTiming = { heartbeatMs: 5_000, staleMs: 30_000 };

/** How many beats a lock of another machine is watched at least before it is taken over. */
const WATCHED_BEATS = 1.5;

/** A lock file as it was judged: which file (its inode) and when it was last touched. */
export interface SeenLock {
  ino: number;
  mtimeMs: number;
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** The lock file at `path` now, not following a link; null when there is none. */
async function seeLock(path: string): Promise<SeenLock | null> {
  try {
    const { ino, mtimeMs } = await lstat(path);
    return { ino, mtimeMs };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Watches a lock whose process cannot be looked up here until its holder shows it runs (`beating`: touched
 * since), it is replaced or removed (`replaced`: judge the new one), or it has gone `staleMs` untouched
 * (`stoppedMs`: how long). The mtime is the holder's clock, which may not be this one's: untouched is the mtime's
 * age or this process's own wait, whichever is longer (a holder's clock ahead holds the lock no longer than the
 * window), and never before this process has watched for a beat and a half (a holder's clock behind cannot make a
 * live lock look abandoned). A holder that beats is told within about one beat, and `slow` is told once when a
 * beat has not come by then. `creditedMs`: how long this process has already watched this holder stop (its other
 * lock, judged just before), which counts towards the window; the lock itself is still watched for a beat and a
 * half, so a holder that beats is still seen.
 * @example if (typeof (await watchHeartbeat(path, seen, DEFAULT_LOCK_TIMING)) === 'object') takeOver();
 */
export async function watchHeartbeat(
  path: string,
  seen: SeenLock,
  timing: LockTiming,
  slow: (untouchedMs: number) => void = () => undefined,
  creditedMs = 0,
): Promise<'beating' | 'replaced' | { stoppedMs: number; watchedMs: number }> {
  const since = performance.now();
  let told = false;
  for (;;) {
    const waited = performance.now() - since;
    const untouched = Math.max(Date.now() - seen.mtimeMs, waited + creditedMs);
    // A live holder shows itself within a beat: only a wait longer than that is worth a word (and a credited one
    // ends a beat and a half in, having been told of already).
    if (!told && waited > timing.heartbeatMs && (creditedMs === 0 || untouched <= timing.staleMs)) {
      told = true;
      slow(untouched);
    }
    if (untouched > timing.staleMs && waited > WATCHED_BEATS * timing.heartbeatMs)
      return { stoppedMs: untouched, watchedMs: waited + creditedMs };
    await sleep(timing.heartbeatMs / 4);
    const now = await seeLock(path);
    if (now === null || now.ino !== seen.ino) return 'replaced';
    if (now.mtimeMs !== seen.mtimeMs) return 'beating';
  }
}

/**
 * Touches the lock files a holder has (`files()`: each path and the inode it put there) every `heartbeatMs`.
 * A file at a path that is no longer the holder's (taken over while this process was held up for a whole
 * window, or removed by hand) is left alone and told to `lost` once.
 * @example const beat = new LockHeartbeat(() => held, timing, (path) => warn(path)); ... beat.stop();
 */
export class LockHeartbeat {
  #timer: NodeJS.Timeout;
  #lost = new Set<string>();
  #beating = false;

  constructor(files: () => ReadonlyMap<string, number>, timing: LockTiming, lost: (path: string) => void) {
    this.#timer = setInterval(() => {
      // A beat still under way (a slow disk) is not doubled.
      if (this.#beating) return;
      this.#beating = true;
      void this.#beat(files, lost).finally(() => (this.#beating = false));
    }, timing.heartbeatMs);
    // The heartbeat never keeps a process alive that has nothing else to do.
    this.#timer.unref();
  }

  async #beat(files: () => ReadonlyMap<string, number>, lost: (path: string) => void): Promise<void> {
    for (const path of files().keys()) {
      if (this.#lost.has(path)) continue;
      try {
        // Read twice on a mismatch: the holder may have just put a new file of its own there (a rename).
        if (!(await this.#ours(path, files)) && !(await this.#ours(path, files))) throw new Error('not ours');
        const now = new Date();
        await utimes(path, now, now);
      } catch {
        // Released meanwhile: nothing lost.
        if (!files().has(path)) continue;
        this.#lost.add(path);
        lost(path);
      }
    }
  }

  /** Whether the file at `path` is the one the holder put there (and still holds). */
  async #ours(path: string, files: () => ReadonlyMap<string, number>): Promise<boolean> {
    const seen = await seeLock(path);
    return seen !== null && seen.ino === files().get(path);
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
