// The lock of a --state file: one process at a time keeps a world in a file. `<real file>.lock` names its
// holder (process id, where it serves, since when); a second server is refused with those, and a lock whose
// process is gone (kill -9, a crash) is taken over, which the banner then says. The lock file appears whole
// (written aside, then hard-linked into place), so a reader never meets a half-written one. A path has other
// names, though: a hard link to the file let a second server start under its own `.lock` (20 of 40 writes lost).
// So the file itself is locked too, by its device and inode, as SQLite locks the file and not its name: a lock
// named `<dev>-<ino>.lock` in a folder of this user's (INODE_LOCKS), moved to the new inode when the file is
// rewritten.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
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
  /** The real path of the state file it keeps (older locks lack it): what a server refused by inode is told. */
  file?: string;
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

  /** The lock of the file's identity (its device and inode), once the file exists. */
  #inodePath: string | null = null;

  private constructor(
    readonly path: string,
    /** The real path of the state file. */
    readonly target: string,
    /** The path as the user wrote it, for messages. */
    readonly named: string,
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
      file: target,
    };
    const tookOver = await takeLockFile(path, holder, (found) =>
      found === null
        ? `${named} is locked by ${path}, which is not a lock standin wrote; if no standin uses ${named}, remove it`
        : `${named} is in use by another standin: ${describe(found)}; stop it or pass another --state (if that process is gone, remove ${path})`,
    );
    heldHere.add(path);
    const lock = new StateLock(path, target, named, holder, tookOver);
    try {
      await lock.follow();
    } catch (error) {
      await lock.release();
      throw error;
    }
    return lock;
  }

  /**
   * Locks the file the target names now by its identity, and lets go of the identity it had (the file was
   * rewritten: a new inode). Nothing to do while there is no file yet, or where identities are not known (no
   * user id: Windows).
   */
  async follow(): Promise<void> {
    const folder = await inodeLockFolder();
    if (folder === null) return;
    const identity = await identityOf(this.target);
    if (identity === null) return;
    const path = join(folder, `${identity}.lock`);
    if (path === this.#inodePath) return;
    const holder = this.#holder;
    await takeLockFile(
      path,
      holder,
      (found) =>
        found === null
          ? `${this.named} is locked by ${path}, which is not a lock standin wrote; if no standin uses ${this.named}, remove it`
          : `${this.named} is the same file as ${found.file ?? 'a state file'} (a hard link), which another standin keeps: ${describe(found)}; stop it or pass another --state`,
      // The identity of a file that is gone may be a new file's now (an inode number used again): a lock whose
      // holder's file is no longer this one was left behind.
      async (found) => found.file !== undefined && (await identityOf(found.file)) !== identity,
    );
    heldHere.add(path);
    const before = this.#inodePath;
    this.#inodePath = path;
    if (before !== null) await releaseLockFile(before, holder);
  }

  /** Names where the holder serves, now that it listens: what a refused second server prints. */
  async serving(host: string, port: number): Promise<void> {
    const next = { ...this.#holder, host, port };
    // Replaced whole, so a reader meets the old content or the new one.
    for (const path of [this.path, this.#inodePath])
      if (path !== null) await rename(await writeAside(path, next), path);
    this.#holder = next;
  }

  /** Removes the locks, if they are still this process's. */
  async release(): Promise<void> {
    for (const path of [this.#inodePath, this.path]) if (path !== null) await releaseLockFile(path, this.#holder);
    this.#inodePath = null;
  }
}

/** A file's identity, `<device>-<inode>`: the same for every name it has; null when there is no such file. */
async function identityOf(path: string): Promise<string | null> {
  try {
    const info = await stat(path);
    return `${info.dev}-${info.ino}`;
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return null;
    throw error;
  }
}

/** Removes a lock file of this process's. */
async function releaseLockFile(path: string, holder: LockHolder): Promise<void> {
  if (!heldHere.delete(path)) return;
  const found = await readLock(path);
  if (found?.holder?.pid === process.pid && found.holder.started === holder.started) await rm(path, { force: true });
}

/**
 * The folder of this user's locks by file identity: made 0700 on first use, and refused when it is anything but
 * a folder of this user's that nobody else can write (another user could otherwise plant locks, or links, there).
 * Null where there is no user id (Windows): the path's lock alone holds there.
 */
async function inodeLockFolder(): Promise<string | null> {
  if (typeof process.getuid !== 'function') return null;
  const uid = process.getuid();
  const folder = join(process.env.XDG_RUNTIME_DIR || tmpdir(), `standin-${uid}-locks`);
  await mkdir(folder, { mode: 0o700 }).catch((error: unknown) => {
    if (errorCode(error) !== 'EEXIST') throw error;
  });
  const info = await lstat(folder);
  if (!info.isDirectory() || info.uid !== uid || (info.mode & 0o077) !== 0)
    throw new StateLockError(
      `${folder} keeps standin's locks of state files by identity, and must be a folder of this user's that nobody else can write (mode 0700): remove it, and standin makes it anew`,
    );
  return folder;
}

/**
 * Takes the lock file `path` for `holder`; a lock whose process is gone is taken over (its holder returned), one
 * whose process runs is refused with `refusal(its holder)` (null when the file is not a lock standin wrote).
 * Race-safe: of processes taking it at once, exactly one wins.
 */
async function takeLockFile(
  path: string,
  holder: LockHolder,
  refusal: (found: LockHolder | null) => string,
  stale: (found: LockHolder) => Promise<boolean> = () => Promise.resolve(false),
): Promise<LockHolder | null> {
  const mine = await writeAside(path, holder);
  let tookOver: LockHolder | null = null;
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        // Atomic: fails when a lock is there, and the lock appears with its content.
        await link(mine, path);
        return tookOver;
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
      }
      const found = await readLock(path);
      if (found === null) continue;
      if (found.holder === null) throw new StateLockError(refusal(null));
      if (!(await stale(found.holder)) && (await holderRuns(found.holder, path)))
        throw new StateLockError(refusal(found.holder));
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
    throw new StateLockError(`could not lock ${path}: other processes kept taking it; try again`);
  } finally {
    await rm(mine, { force: true });
  }
}
