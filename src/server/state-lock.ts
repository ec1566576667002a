// The lock of a --state file: one process at a time keeps a world in a file. `<real file>.lock` names its
// holder (process id, where it serves, since when); a second server is refused with those, and a lock whose
// process is gone (kill -9, a crash) is taken over, which the banner then says. The lock file appears whole
// (written aside, then hard-linked into place), so a reader never meets a half-written one.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, open, readFile, rename, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

/** What a lock file holds. */
export interface LockHolder {
  pid: number;
  /** The machine's name: the process of a lock written on another machine cannot be looked up here. */
  hostname: string;
  /** Where it serves, once it listens (the port is known only then). */
  host: string | null;
  port: number | null;
  started: string;
  /** Linux: when the process started (clock ticks after boot, /proc/PID/stat), telling a reused pid apart. */
  process_start: string | null;
}

export class StateLockError extends Error {}

/** Lock files this process holds: a second server in the same process is refused too. */
const heldHere = new Set<string>();

/** Attempts at taking a lock whose holder is gone, when other processes try the same at the same moment. */
const ATTEMPTS = 5;

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** A process's state letter and when it started (clock ticks after boot), from /proc (Linux); else null. */
async function processStat(pid: number): Promise<{ state: string; start: string } | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields 3 and 22; the command name (field 2) is in parentheses and may hold spaces: count after its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', start: fields[19] ?? '' };
  } catch {
    return null;
  }
}

function isHolder(value: unknown): value is LockHolder {
  const holder = value as Partial<LockHolder> | null;
  return (
    typeof holder === 'object' &&
    holder !== null &&
    Number.isInteger(holder.pid) &&
    typeof holder.hostname === 'string' &&
    typeof holder.started === 'string'
  );
}

/** The lock file's holder and inode; null when there is no lock; `holder` null when it is not one of ours. */
async function readLock(path: string): Promise<{ holder: LockHolder | null; ino: number } | null> {
  let handle;
  try {
    // A symlink planted at the lock's name is not followed: it counts as a lock standin cannot read.
    handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    if (errorCode(error) === 'ELOOP') return { holder: null, ino: (await lstat(path)).ino };
    throw error;
  }
  try {
    const ino = (await handle.stat()).ino;
    let holder: unknown = null;
    try {
      holder = JSON.parse(await handle.readFile('utf8'));
    } catch {
      // Not JSON: not a lock standin wrote.
    }
    return { holder: isHolder(holder) ? holder : null, ino };
  } finally {
    await handle.close();
  }
}

/** Whether the lock's process still runs; a lock of another machine is taken to be held. */
async function holderRuns(holder: LockHolder, path: string): Promise<boolean> {
  if (holder.hostname !== hostname()) return true;
  // This very process: a lock it holds, or one a process of the same pid left (a restarted container).
  if (holder.pid === process.pid) return heldHere.has(path);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if (errorCode(error) === 'ESRCH') return false;
  }
  // Where /proc tells more: a zombie (killed, not yet reaped) is gone, and so is a process started at another
  // moment than the holder, which only reuses its pid.
  const stat = await processStat(holder.pid);
  if (stat === null) return true;
  return stat.state !== 'Z' && (holder.process_start === null || stat.start === holder.process_start);
}

function describe(holder: LockHolder): string {
  const host = holder.host?.includes(':') ? `[${holder.host}]` : holder.host;
  const where = holder.port === null ? 'still starting' : `serving http://${host}:${holder.port}`;
  const machine = holder.hostname === hostname() ? '' : ` on ${holder.hostname}`;
  return `process ${holder.pid}${machine} (${where}, since ${holder.started})`;
}

/** Writes `holder` to a new file beside `lockPath`, under a name nobody can have planted anything at. */
async function writeAside(lockPath: string, holder: LockHolder): Promise<string> {
  const path = join(dirname(lockPath), `${basename(lockPath)}.${randomBytes(6).toString('hex')}`);
  const handle = await open(path, 'wx', 0o644);
  try {
    await handle.writeFile(`${JSON.stringify(holder)}\n`);
  } finally {
    await handle.close();
  }
  return path;
}

/**
 * @example
 * const lock = await StateLock.take('/home/me/world.jsonl', 'world.jsonl'); // StateLockError when in use
 * await lock.serving('127.0.0.1', 4010); ... await lock.release();
 */
export class StateLock {
  #holder: LockHolder;

  private constructor(
    readonly path: string,
    holder: LockHolder,
    /** The holder of the lock taken over, whose process was gone. */
    readonly tookOver: LockHolder | null,
  ) {
    this.#holder = holder;
  }

  /**
   * Locks the real file `target` (`named` is how the user wrote it, for messages) for this process; refuses
   * when another running process holds it. Race-safe: of processes starting at once, exactly one wins.
   */
  static async take(target: string, named: string): Promise<StateLock> {
    const path = `${target}.lock`;
    const holder: LockHolder = {
      pid: process.pid,
      hostname: hostname(),
      host: null,
      port: null,
      started: new Date().toISOString().slice(0, 19) + 'Z',
      process_start: (await processStat(process.pid))?.start ?? null,
    };
    const mine = await writeAside(path, holder);
    let tookOver: LockHolder | null = null;
    try {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        try {
          // Atomic: fails when a lock is there, and the lock appears with its content.
          await link(mine, path);
          heldHere.add(path);
          return new StateLock(path, holder, tookOver);
        } catch (error) {
          if (errorCode(error) !== 'EEXIST') throw error;
        }
        const found = await readLock(path);
        if (found === null) continue;
        if (found.holder === null)
          throw new StateLockError(
            `${named} is locked by ${path}, which is not a lock standin wrote; if no standin uses ${named}, remove it`,
          );
        if (await holderRuns(found.holder, path))
          throw new StateLockError(
            `${named} is in use by another standin: ${describe(found.holder)}; stop it or pass another --state (if that process is gone, remove ${path})`,
          );
        // Gone: move its lock aside, then make sure the one moved is the one judged (not a lock another
        // process starting now has just taken over, which goes back).
        const aside = `${mine}.stale`;
        try {
          await rename(path, aside);
        } catch (error) {
          if (errorCode(error) === 'ENOENT') continue;
          throw error;
        }
        if ((await lstat(aside)).ino === found.ino) tookOver = found.holder;
        else await link(aside, path).catch(() => undefined);
        await rm(aside, { force: true });
      }
      throw new StateLockError(`could not lock ${named}: other processes kept taking ${path}; try again`);
    } finally {
      await rm(mine, { force: true });
    }
  }

  /** Names where the holder serves, now that it listens: what a refused second server prints. */
  async serving(host: string, port: number): Promise<void> {
    const next = { ...this.#holder, host, port };
    // Replaced whole, so a reader meets the old content or the new one.
    await rename(await writeAside(this.path, next), this.path);
    this.#holder = next;
  }

  /** Removes the lock, if it is still this process's. */
  async release(): Promise<void> {
    if (!heldHere.delete(this.path)) return;
    const found = await readLock(this.path);
    if (found?.holder?.pid === process.pid && found.holder.started === this.#holder.started)
      await rm(this.path, { force: true });
  }
}
