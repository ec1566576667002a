// Every file standin writes goes through writeFileWhole's way (src/files/replace-file.ts): created exclusively
// under a name nobody can guess, then renamed into place. So neither a symlink planted at the temporary name a
// writer used to take (`out.<pid>.tmp`, `out.<pid>.part`) nor a hard link to another file at the path itself is
// ever written through: the other file keeps what it held (issue 33, point 6).
import {
  chmodSync,
  lchownSync,
  linkSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeJunit as writeKitJunit } from '../contract-tests/kit/junit.js';
import { runDrift } from '../src/cli/drift.js';
import { realTarget, writeFileWhole } from '../src/files/replace-file.js';
import { HarFile } from '../src/proxy/har-file.js';
import { writeJunit as writeProxyJunit } from '../src/proxy/proxy-report.js';
import { SPEC_PATH } from '../src/spec/spec-files.js';

const dir = mkdtempSync(join(tmpdir(), 'standin-file-writes-'));
const EMPTY_TALLY = {
  exchanges: 0,
  checked: 0,
  unchecked: 0,
  unread: 0,
  own: 0,
  withFindings: 0,
  findings: 0,
  rules: [],
};

/** The writers, each writing `path` as standin does. */
const WRITERS: Array<[string, (path: string) => Promise<unknown>]> = [
  ['writeFileWhole', (path) => writeFileWhole(path, 'written\n', { newMode: 0o644 })],
  ["the kit's JUnit file", (path) => writeKitJunit(path, [], 1)],
  ["the proxy's JUnit file", (path) => writeProxyJunit(path, EMPTY_TALLY, 'https://api.example.com', 1)],
  ["the proxy's HAR file", async (path) => (await HarFile.create(path, '0.1.0', () => undefined)).close()],
  [
    "standin drift's --out",
    (path) =>
      runDrift([SPEC_PATH, '--format', 'json', '--out', path], { stdout: () => undefined, stderr: () => undefined }),
  ],
];

describe('a file standin writes', () => {
  // The second attack: another user's link at the name in /tmp made standin replace the file it points at.
  it.each(WRITERS)(
    "%s: never through another user's symlink in a shared sticky folder (fs.protected_symlinks' rule)",
    async (name, write) => {
      const victim = join(dir, `victim-sticky-${name.replace(/\W/g, '-')}`);
      writeFileSync(victim, 'not yours\n');
      // As root (CI's container), a folder of our own, mode 1777, holding a link another uid owns; as anyone
      // else, /tmp itself (root's, 1777) holding our link, read by realTarget as another user would read it.
      const root = process.getuid?.() === 0;
      const shared = root ? mkdtempSync(join(tmpdir(), 'standin-sticky-')) : tmpdir();
      if (root) chmodSync(shared, 0o1777);
      expect(statSync(shared).mode & 0o1002).toBe(0o1002);
      const link = join(shared, `standin-planted-${process.pid}-${name.replace(/\W/g, '-')}`);
      symlinkSync(victim, link);
      try {
        if (root) {
          lchownSync(link, 54321, 54321);
          // Thrown, or (standin drift) said in one line with exit 2.
          const outcome = await write(link).catch((error: Error) => error.message);
          if (typeof outcome === 'number') expect(outcome).toBe(2);
          else expect(outcome).toMatch(/symbolic link of another user \(uid 54321\)/);
          lchownSync(link, 0, 0);
        } else {
          await expect(realTarget(link, { uid: process.getuid!() + 1 })).rejects.toThrow(/another user/);
        }
        expect(readFileSync(victim, 'utf8')).toBe('not yours\n');
        // The link's owner, the folder's owner, or a folder that is not shared: followed as before.
        expect(await realTarget(link)).toBe(victim);
        expect(await realTarget(join(dir, 'not-there-yet'))).toBe(join(dir, 'not-there-yet'));
      } finally {
        rmSync(link, { force: true });
        if (root) rmSync(shared, { recursive: true, force: true });
      }
    },
  );

  it.each(WRITERS)(
    '%s: never through a hard link at the path, nor a symlink at an old temporary name',
    async (_name, write) => {
      const victim = join(dir, `victim-${_name.replace(/\W/g, '-')}`);
      writeFileSync(victim, 'not yours\n');
      const path = join(dir, `out-${_name.replace(/\W/g, '-')}`);
      linkSync(victim, path);
      for (const old of [`${path}.${process.pid}.tmp`, `${path}.${process.pid}.part`]) symlinkSync(victim, old);
      await write(path);
      expect(readFileSync(victim, 'utf8')).toBe('not yours\n');
      expect(readFileSync(path, 'utf8')).not.toBe('not yours\n');
      expect(statSync(path).ino).not.toBe(statSync(victim).ino);
      // Nothing left beside it but the links planted there.
      expect(readdirSync(dir).filter((name) => name.startsWith(`out-${_name.replace(/\W/g, '-')}.`)).length).toBe(2);
    },
  );

  it('keeps the mode a file had, gives a new one the mode asked for, and `mode` always', async () => {
    const kept = join(dir, 'kept');
    writeFileSync(kept, 'x', { mode: 0o640 });
    await writeFileWhole(kept, 'y', { newMode: 0o644 });
    expect(statSync(kept).mode & 0o777).toBe(0o640);
    const fresh = join(dir, 'fresh', 'report.xml');
    await writeFileWhole(fresh, 'y', { newMode: 0o644 });
    expect(statSync(fresh).mode & 0o777).toBe(0o644);
    await writeFileWhole(kept, 'z', { mode: 0o600 });
    expect(statSync(kept).mode & 0o777).toBe(0o600);
  });
});
