// Writing a file without trusting the folder it is in, for every file standin writes (the state, an imported
// world, drift's and the kit's and the proxy's reports, the proxy's HAR file): the real file a path names
// (through symlinks, so a symlinked file stays a symlink and its target is replaced), a temporary file beside it
// created exclusively under an unpredictable name (a link planted there is never followed; a predictable
// `out.<pid>.tmp` let a planted symlink write the world elsewhere), given the old file's mode (a new one 0600, or
// the mode asked for), then renamed over the real file.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, readlink, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, parse, resolve, sep } from 'node:path';

/** The mode of a file that did not exist before: it may hold an imported world's people and tokens. */
const NEW_FILE_MODE = 0o600;

/** The mode a written file gets: `mode` always, or the old file's, or `newMode` for a file that was not there. */
export interface FileModes {
  mode?: number;
  newMode?: number;
}

/** Symlinks followed before giving up, as the kernel does (ELOOP). */
const MAX_LINKS = 40;

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** A link standin will not follow: another user's, in a shared sticky folder (realTarget). Its message is the line. */
export class PlantedLinkError extends Error {
  readonly code = 'EACCES';
  constructor(link: string, owner: number, folder: string) {
    super(
      `${link} is a symbolic link of another user (uid ${owner}) in the shared folder ${folder}: standin does not write through it (as Linux's fs.protected_symlinks does not follow it). Write to a folder of your own, or remove the link.`,
    );
  }
}

/** Who follows links here: the process's user, or another in a test (a link of another user needs root). */
export interface LinkFollower {
  uid: number;
}

/** The user this process runs as (no getuid on Windows, where no sticky folder shares links). */
const THIS_USER: LinkFollower = { uid: process.getuid?.() ?? -1 };

/** A folder anyone may create in, whose files only their owners may remove (`/tmp`: mode 1777). */
const isSharedSticky = (mode: number) => (mode & 0o1000) !== 0 && (mode & 0o002) !== 0;

/**
 * The real path of the file `path` names: symlinks followed, also a dangling one (the file it points at is
 * created there), and a path that does not exist yet placed in its folder's real path. A link in a shared
 * sticky folder (`/tmp`) is followed only when its owner is the follower or the folder's owner, the rule
 * Linux's fs.protected_symlinks keeps: another user's link planted at a name standin writes (`/tmp/s/report.md`
 * -> a file of yours) would make standin replace that file. Resolving by path first passed round the kernel's
 * check, and where it is off there was none.
 * @example await realTarget('world.jsonl') // '/home/me/worlds/world.jsonl' when world.jsonl is a symlink there
 */
export async function realTarget(path: string, follower: LinkFollower = THIS_USER): Promise<string> {
  /** A path's root (`/`, `C:\\`) and its names after it. */
  const parts = (absolute: string): [string, string[]] => {
    const { root } = parse(absolute);
    return [root, absolute.slice(root.length).split(sep).filter(Boolean)];
  };
  let [current, rest] = parts(resolve(path));
  for (let links = 0; ;) {
    const name = rest.shift();
    if (name === undefined) return current;
    const next = join(current, name);
    let info;
    try {
      info = await lstat(next);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
      // Not there yet: the file, or folders under it the caller will find missing.
      return join(next, ...rest);
    }
    if (!info.isSymbolicLink()) {
      current = next;
      continue;
    }
    if (++links > MAX_LINKS)
      throw Object.assign(new Error(`${path}: too many levels of symbolic links`), { code: 'ELOOP' });
    const folder = await stat(current);
    if (isSharedSticky(folder.mode) && info.uid !== follower.uid && info.uid !== folder.uid) {
      throw new PlantedLinkError(next, info.uid, current);
    }
    const [root, names] = parts(resolve(current, await readlink(next)));
    [current, rest] = [root, [...names, ...rest]];
  }
}

/** What names this module gives temporary files beside `target`, so that a crash's leftovers are known. */
function temporaryPattern(target: string): RegExp {
  return new RegExp(`^${basename(target).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.[0-9a-f]{12}\\.tmp$`);
}

/**
 * Removes the temporary files a process killed while replacing `target` left beside it. Only for the one
 * process that may replace `target` (the holder of its lock). A link of that name is removed, not followed.
 * @example await removeStrayTemporaries('/home/me/worlds/world.jsonl') // ['world.jsonl.0a1b2c3d4e5f.tmp']
 */
export async function removeStrayTemporaries(target: string): Promise<string[]> {
  const pattern = temporaryPattern(target);
  const stray = (await readdir(dirname(target))).filter((name) => pattern.test(name));
  for (const name of stray) await rm(join(dirname(target), name), { force: true });
  return stray;
}

/**
 * A new version of a file, written beside it and put in its place in one rename: readers and a crash see the
 * old file or the new one, never a mix.
 * @example
 * const next = await Replacement.create('/home/me/worlds/world.jsonl');
 * await next.write(Buffer.from('...')); await next.commit(); // or next.discard()
 */
export class Replacement {
  #bytes = 0;

  private constructor(
    readonly target: string,
    readonly path: string,
    readonly handle: FileHandle,
  ) {}

  /**
   * `target` must be a real path (realTarget). Its mode is `mode` when given (an imported world is its owner's
   * alone, whatever the file before it was); otherwise the old file's is kept, and a new file gets `newMode`
   * (NEW_FILE_MODE unless told: a report others read is 0644).
   */
  static async create(target: string, modes: FileModes = {}): Promise<Replacement> {
    let mode = modes.mode;
    if (mode === undefined) {
      mode = modes.newMode ?? NEW_FILE_MODE;
      try {
        mode = (await stat(target)).mode & 0o7777;
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') throw error;
      }
    }
    const path = join(dirname(target), `${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
    // O_EXCL: fails on anything already there, a symlink included, rather than write through it.
    const handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode);
    try {
      // Exactly the old mode, whatever the umask took away from it.
      await handle.chmod(mode);
    } catch (error) {
      await handle.close();
      await rm(path, { force: true });
      throw error;
    }
    return new Replacement(target, path, handle);
  }

  /** Bytes written so far. */
  get bytes(): number {
    return this.#bytes;
  }

  async write(data: Buffer): Promise<void> {
    await this.handle.writeFile(data);
    this.#bytes += data.length;
  }

  /** On the disk before it replaces anything: a power cut then leaves the old file or the whole new one. */
  async sync(): Promise<void> {
    await this.handle.datasync();
  }

  /** Puts the new file in the target's place. */
  async commit(): Promise<void> {
    await this.sync();
    await this.handle.close();
    await rename(this.path, this.target);
  }

  /**
   * Puts the new file in the target's place and keeps it open, for a file written in place from then on (the
   * proxy's HAR file): the handle is the file this process created, whatever is planted at the path later.
   */
  async place(): Promise<FileHandle> {
    await rename(this.path, this.target);
    return this.handle;
  }

  /** Drops the new version; the target is left as it was. */
  async discard(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    await rm(this.path, { force: true });
  }
}

/**
 * Writes `data` as the whole of the file `path` names, through a Replacement: its folder made if need be; the file
 * replaced in one rename, never written through a link planted at a temporary name.
 * @example await writeFileWhole('reports/drift.xml', xml, { newMode: 0o644 })
 */
export async function writeFileWhole(path: string, data: string | Uint8Array, modes: FileModes = {}): Promise<void> {
  await mkdir(dirname(resolve(path)), { recursive: true });
  const next = await Replacement.create(await realTarget(path), modes);
  try {
    await next.write(Buffer.from(data));
    await next.commit();
  } catch (error) {
    await next.discard();
    throw error;
  }
}
