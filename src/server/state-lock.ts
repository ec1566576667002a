// The lock of a --state file: one process at a time keeps a world in a file. `<real file>.lock` names its
// holder (process id, where it serves, since when); a second server is refused with those, and a lock whose
// process is gone (kill -9, a crash) is taken over, which the banner then says. Gone is looked up by process id
// on the holder's own machine, and proved by a stopped heartbeat elsewhere (lock-heartbeat.ts; a lock that declares
// none, an older standin's, is refused as it was before there was one: its holder may well run): a container
// restarted after a crash has a new host name and pid space, and once took its own old lock for another
// machine's, held for ever. The lock file appears whole (written aside, then hard-linked into place), so a reader
// never meets a half-written one. A path has other
// names, though: a hard link to the file let a second server start under its own `.lock` (20 of 40 writes lost).
// So the file itself is locked too, by its device and inode, as SQLite locks the file and not its name: a lock
// named `<dev>-<ino>.lock` in a folder of this user's (INODE_LOCKS), moved to the new inode when the file is
// rewritten.
//
// Not proper-lockfile (4.1.2, the latest): its lock is an empty folder, which cannot name the holder a
// refused server is told of; it judges a lock by its mtime alone, so a killed server's lock on this machine would
// hold a restart up for the whole window; and its takeover of a stale lock (remove it, then make one) lets two
// processes both win (moxystudio/node-proper-lockfile#121, open), where this one's (move it aside, check the
// one moved is the one judged) lets one. Its heartbeat is what is taken from it.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, mkdir, open, readFile, readlink, rename, rm, stat } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { DEFAULT_LOCK_TIMING, LockHeartbeat, watchHeartbeat, type LockTiming } from './lock-heartbeat.js';

/** What a lock file holds. */
export interface LockHolder {
  pid: number;
  /** The machine's name: the process of a lock written on another machine cannot be looked up here. */
  hostname: string;
  /**
   * Linux: the pid space the pid is of (`pid:[…]`, /proc/self/ns/pid), which every container has its own of: two
   * containers of one host name (`--hostname standin`) are two machines. Older locks lack it.
   */
  pid_namespace?: string | null;
  /** Where it serves, once it listens (the port is known only then). */
  host: string | null;
  port: number | null;
  started: string;
  /** Linux: when the process started (clock ticks after boot, /proc/PID/stat), telling a reused pid apart. */
  process_start: string | null;
  /** The real path of the state file it keeps (older locks lack it): what a server refused by inode is told. */
  file?: string;
  /**
   * How often the holder touches its lock, and how long it may go untouched before the holder counts as stopped:
   * a lock is judged by its heartbeat only when it declares one. A lock of an older standin lacks them: it never
   * beat, so its holder elsewhere may still run however old its lock looks.
   */
  heartbeat_ms?: number;
  stale_ms?: number;
}

export class StateLockError extends Error {}

/** A lock taken over: whose it was, and why it counted as abandoned (`which is gone`, `whose heartbeat stopped…`). */
export interface TakenOver {
  holder: LockHolder;
  why: string;
}

/**
 * How a lock is taken: the heartbeat's timing, where a wait for a holder's heartbeat is told, and `lost`, told
 * once, with a line naming who took the file over, when the lock is no longer this process's: its holder must then
 * stop writing the file (without `lost`, the line goes to `notice`).
 */
export interface LockOptions {
  timing?: LockTiming;
  notice?: (line: string) => void;
  lost?: (line: string) => void;
}

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

/** This process's pid space (`pid:[4026531836]`), where /proc tells it (Linux); else null. */
async function pidNamespace(): Promise<string | null> {
  return readlink('/proc/self/ns/pid').catch(() => null);
}

/** A declared heartbeat's figure: absent, or a whole number of milliseconds above 0. */
function isWindow(value: unknown): boolean {
  return value === undefined || (Number.isSafeInteger(value) && (value as number) > 0);
}

/** A string, or null (absent in older locks: counted as null). */
function isStringOrNull(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'string';
}

/** Every field a lock's line may print or compare is of its type: anything else is not a lock standin wrote. */
function isHolder(value: unknown): value is LockHolder {
  const holder = value as Partial<LockHolder> | null;
  return (
    typeof holder === 'object' &&
    holder !== null &&
    Number.isInteger(holder.pid) &&
    typeof holder.hostname === 'string' &&
    typeof holder.started === 'string' &&
    isStringOrNull(holder.pid_namespace) &&
    isStringOrNull(holder.host) &&
    (holder.port === undefined || holder.port === null || Number.isInteger(holder.port)) &&
    isStringOrNull(holder.process_start) &&
    (holder.file === undefined || typeof holder.file === 'string') &&
    isWindow(holder.heartbeat_ms) &&
    isWindow(holder.stale_ms)
  );
}

/**
 * Text from a lock file as it is printed: its control characters (escape sequences that would drive the terminal,
 * line breaks that would forge a line) shown as `\u…` escapes. The file is anyone's with write access to write.
 */
function printable(text: string): string {
  return text.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The heartbeat a lock declares (its holder's own timing); null for a lock of an older standin, which beat not. */
function declaredTiming(holder: LockHolder): LockTiming | null {
  if (holder.heartbeat_ms === undefined || holder.stale_ms === undefined) return null;
  return { heartbeatMs: holder.heartbeat_ms, staleMs: holder.stale_ms };
}

/** A lock file found: its holder (null when it is not a lock standin wrote), inode and last touch. */
interface FoundLock {
  holder: LockHolder | null;
  ino: number;
  mtimeMs: number;
}

/** The lock file at `path`; null when there is none. */
async function readLock(path: string): Promise<FoundLock | null> {
  let handle;
  try {
    // A symlink planted at the lock's name is not followed: it counts as a lock standin cannot read.
    handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    if (errorCode(error) === 'ELOOP') {
      const { ino, mtimeMs } = await lstat(path);
      return { holder: null, ino, mtimeMs };
    }
    throw error;
  }
  try {
    const { ino, mtimeMs } = await handle.stat();
    let holder: unknown = null;
    try {
      holder = JSON.parse(await handle.readFile('utf8'));
    } catch {
      // Not JSON: not a lock standin wrote.
    }
    // Older locks lack host, port or process start: null, as a lock of a server still starting has them.
    if (isHolder(holder))
      holder = {
        ...holder,
        host: holder.host ?? null,
        port: holder.port ?? null,
        process_start: holder.process_start ?? null,
      };
    return { holder: isHolder(holder) ? holder : null, ino, mtimeMs };
  } finally {
    await handle.close();
  }
}

/** How a holder was seen to run: its process looked up, its heartbeat seen, or neither possible (an older lock). */
type Runs = 'process' | 'heartbeat' | 'unknown';

/** Whether the holder's process is one this process can look up: same host name, same pid space (when known). */
function sameMachine(holder: LockHolder, namespace: string | null): boolean {
  if (holder.hostname !== hostname()) return false;
  return holder.pid_namespace == null || namespace === null || holder.pid_namespace === namespace;
}

/**
 * Whether the lock's holder still runs (`runs`, and how that was known), is gone (`why` it counts so), or the
 * lock was replaced while it was watched (judge the new one). On this machine its process is looked up, at
 * once; elsewhere its heartbeat is watched, up to the stale window.
 */
async function judge(
  found: FoundLock & { holder: LockHolder },
  path: string,
  notice: (line: string) => void,
  creditedMs: number,
): Promise<{ runs: Runs } | { why: string; watchedMs: number } | 'replaced'> {
  if (sameMachine(found.holder, await pidNamespace()))
    return (await processRuns(found.holder, path)) ? { runs: 'process' } : { why: 'which is gone', watchedMs: 0 };
  // Judged by the holder's own heartbeat, as it declares it; one that declares none cannot be judged here.
  const timing = declaredTiming(found.holder);
  if (timing === null) return { runs: 'unknown' };
  const seen = await watchHeartbeat(
    path,
    found,
    timing,
    (untouched) =>
      notice(
        `standin: ${path} is held by ${describe(found.holder)}, whose heartbeat has not come for ${seconds(untouched)} s: waiting up to ${seconds(timing.staleMs - untouched)} s more before taking it over (its machine cannot be asked whether it runs)`,
      ),
    creditedMs,
  );
  if (seen === 'beating') return { runs: 'heartbeat' };
  return seen === 'replaced'
    ? seen
    : { why: `whose heartbeat stopped ${seconds(seen.stoppedMs)} s ago`, watchedMs: seen.watchedMs };
}

function seconds(ms: number): number {
  return Math.max(0, Math.round(ms / 1000));
}

/** Whether the process of a lock of this machine still runs. */
async function processRuns(holder: LockHolder, path: string): Promise<boolean> {
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

/**
 * Whether two lock files name one holder: one process of one pid space of one machine, started at one moment.
 * Every field is the lock's writer's to choose: this only lets the time one lock was watched count for the other,
 * never spares a lock its own watch.
 */
function sameHolder(a: LockHolder, b: LockHolder): boolean {
  return (
    a.pid === b.pid &&
    a.hostname === b.hostname &&
    a.started === b.started &&
    (a.pid_namespace ?? null) === (b.pid_namespace ?? null) &&
    a.process_start === b.process_start
  );
}

/** Who holds the lock at `path` now, as a lost lock's line names them. */
async function whoTookOver(path: string): Promise<string> {
  const found = await readLock(path).catch(() => null);
  if (found === null) return 'nobody (its lock was removed)';
  return found.holder === null
    ? 'something that is not a standin (its lock is not one standin wrote)'
    : describe(found.holder);
}

/** ` on <host name>` for a holder of another machine; nothing for this one's. */
function onMachine(holder: LockHolder): string {
  return holder.hostname === hostname() ? '' : ` on ${printable(holder.hostname)}`;
}

function describe(holder: LockHolder): string {
  const host = holder.host === null ? null : printable(holder.host);
  const where =
    holder.port === null
      ? 'still starting'
      : `serving http://${host?.includes(':') ? `[${host}]` : host}:${holder.port}`;
  return `process ${holder.pid}${onMachine(holder)} (${where}, since ${printable(holder.started)})`;
}

/**
 * A lock taken over, as the banner says it: whose it was and why it counted as gone.
 * @example takenOverFrom(lock.tookOver) // 'process 41 on 0c5e2a1f (started 2026-11-19T08:00:00Z), whose heartbeat stopped 31 s ago'
 */
export function takenOverFrom({ holder, why }: TakenOver): string {
  return `process ${holder.pid}${onMachine(holder)} (started ${printable(holder.started)}), ${why}`;
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

  /** The lock files this lock holds, each with the inode it put there: what the heartbeat touches. */
  #files = new Map<string, number>();

  #heartbeat: LockHeartbeat;

  private constructor(
    readonly path: string,
    /** The real path of the state file. */
    readonly target: string,
    /** The path as the user wrote it, for messages. */
    readonly named: string,
    holder: LockHolder,
    ino: number,
    /** The lock taken over, whose holder was gone, and why it counted as gone. */
    readonly tookOver: TakenOver | null,
    /** How long the lock taken over was watched stop beating: it counts for the same holder's lock by identity. */
    private readonly watchedMs: number,
    readonly timing: LockTiming,
    readonly notice: (line: string) => void,
    lost: (line: string) => void,
  ) {
    this.#holder = holder;
    this.#files.set(path, ino);
    let told = false;
    this.#heartbeat = new LockHeartbeat(
      () => this.#files,
      timing,
      (path) => {
        // Once: the lock by path and the lock by identity are lost together.
        if (told) return;
        told = true;
        void whoTookOver(path).then((who) =>
          lost(
            `standin: ${named} was taken over by ${who} (${path} is no longer this server's lock): this server stops, so that two do not write the file`,
          ),
        );
      },
    );
  }

  /**
   * Locks the real file `target` (`named` is how the user wrote it, for messages) for this process; refuses
   * when another running process holds it. Race-safe: of processes starting at once, exactly one wins. The lock
   * beats (`timing`) until it is released; `notice` is told of a wait for another holder's heartbeat, and of a
   * lock lost.
   */
  static async take(target: string, named: string, options: LockOptions = {}): Promise<StateLock> {
    const timing = options.timing ?? DEFAULT_LOCK_TIMING;
    const notice = options.notice ?? ((line: string) => void process.stderr.write(`${line}\n`));
    const path = `${target}.lock`;
    const holder: LockHolder = {
      pid: process.pid,
      hostname: hostname(),
      pid_namespace: await pidNamespace(),
      host: null,
      port: null,
      started: new Date().toISOString().slice(0, 19) + 'Z',
      process_start: (await processStat(process.pid))?.start ?? null,
      file: target,
      heartbeat_ms: timing.heartbeatMs,
      stale_ms: timing.staleMs,
    };
    const taken = await takeLockFile(path, holder, notice, (found, runs) =>
      found === null
        ? `${named} is locked by ${path}, which is not a lock standin wrote; if no standin uses ${named}, remove it`
        : runs === 'heartbeat'
          ? `${named} is in use by another standin: ${describe(found)}, whose lock's heartbeat goes on; stop it or pass another --state`
          : `${named} is in use by another standin: ${describe(found)}; stop it or pass another --state (if that process is gone, remove ${path})`,
    );
    heldHere.add(path);
    const lost = options.lost ?? notice;
    const lock = new StateLock(
      path,
      target,
      named,
      holder,
      taken.ino,
      taken.tookOver,
      taken.watchedMs,
      timing,
      notice,
      lost,
    );
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
    const taken = await takeLockFile(
      path,
      holder,
      this.notice,
      (found) =>
        found === null
          ? `${this.named} is locked by ${path}, which is not a lock standin wrote; if no standin uses ${this.named}, remove it`
          : `${this.named} is the same file as ${found.file === undefined ? 'a state file' : printable(found.file)} (a hard link), which another standin keeps: ${describe(found)}; stop it or pass another --state`,
      // The identity of a file that is gone may be a new file's now (an inode number used again): a lock whose
      // holder's file is no longer this one was left behind.
      async (found) => found.file !== undefined && (await identityOf(found.file)) !== identity,
      // The holder whose lock by path was taken over just now was watched stop already: that time counts, and its
      // heartbeat is not waited out twice; this lock is still watched for a beat and a half, so a holder that
      // runs (a lock by path forged in its name) is seen to beat.
      (found) => (this.tookOver !== null && sameHolder(found, this.tookOver.holder) ? this.watchedMs : 0),
    );
    heldHere.add(path);
    this.#files.set(path, taken.ino);
    const before = this.#inodePath;
    this.#inodePath = path;
    if (before !== null) {
      const ino = this.#files.get(before);
      this.#files.delete(before);
      await releaseLockFile(before, holder, ino);
    }
  }

  /** Names where the holder serves, now that it listens: what a refused second server prints. */
  async serving(host: string, port: number): Promise<void> {
    const next = { ...this.#holder, host, port };
    // Replaced whole, so a reader meets the old content or the new one.
    for (const path of [this.path, this.#inodePath]) {
      if (path === null) continue;
      const aside = await writeAside(path, next);
      const { ino } = await lstat(aside);
      await rename(aside, path);
      this.#files.set(path, ino);
    }
    this.#holder = next;
  }

  /** Stops the heartbeat and removes the locks, if they are still this process's. */
  async release(): Promise<void> {
    this.#heartbeat.stop();
    const files = new Map(this.#files);
    this.#files.clear();
    // By the inode each lock put there: a lock taken over by a process of the same pid and start is not removed.
    for (const path of [this.#inodePath, this.path])
      if (path !== null) await releaseLockFile(path, this.#holder, files.get(path));
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
async function releaseLockFile(path: string, holder: LockHolder, ino: number | undefined): Promise<void> {
  if (!heldHere.delete(path)) return;
  const found = await readLock(path);
  if (found?.holder?.pid === process.pid && found.holder.started === holder.started && found.ino === ino)
    await rm(path, { force: true });
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
 * Takes the lock file `path` for `holder`, returning the inode it put there; a lock whose holder is gone is taken
 * over (returned with why it counted as gone), one whose holder runs is refused with `refusal(its holder, how it
 * was seen to run)` (`refusal(null)` when the file is not a lock standin wrote). Race-safe: of processes taking
 * it at once, exactly one wins.
 */
async function takeLockFile(
  path: string,
  holder: LockHolder,
  notice: (line: string) => void,
  refusal: (found: LockHolder | null, runs?: Runs) => string,
  stale: (found: LockHolder) => Promise<boolean> = () => Promise.resolve(false),
  credited: (found: LockHolder) => number = () => 0,
): Promise<{ ino: number; tookOver: TakenOver | null; watchedMs: number }> {
  const mine = await writeAside(path, holder);
  let tookOver: TakenOver | null = null;
  let watchedMs = 0;
  try {
    const { ino } = await lstat(mine);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        // Atomic: fails when a lock is there, and the lock appears with its content.
        await link(mine, path);
        return { ino, tookOver, watchedMs };
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
      }
      const found = await readLock(path);
      if (found === null) continue;
      if (found.holder === null) throw new StateLockError(refusal(null));
      const judged = (await stale(found.holder))
        ? { why: 'which was left behind', watchedMs: 0 }
        : await judge({ ...found, holder: found.holder }, path, notice, credited(found.holder));
      if (judged === 'replaced') continue;
      if ('runs' in judged) throw new StateLockError(refusal(found.holder, judged.runs));
      // Gone: move its lock aside, then make sure the one moved is the one judged (not a lock another
      // process starting now has just taken over, which goes back).
      const aside = `${mine}.stale`;
      try {
        await rename(path, aside);
      } catch (error) {
        if (errorCode(error) === 'ENOENT') continue;
        throw error;
      }
      if ((await lstat(aside)).ino === found.ino) {
        tookOver = { holder: found.holder, why: judged.why };
        watchedMs = judged.watchedMs;
      } else await link(aside, path).catch(() => undefined);
      await rm(aside, { force: true });
    }
    throw new StateLockError(`could not lock ${path}: other processes kept taking it; try again`);
  } finally {
    await rm(mine, { force: true });
  }
}
