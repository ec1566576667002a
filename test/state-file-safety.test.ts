// The state file's replacements (issue 17, finding 10): a temporary file is created exclusively under an
// unpredictable name, so a link planted where standin used to write is never followed; a symlinked state file
// stays a symlink and its target is replaced; the file keeps its mode, and a new one is 0600 (it may hold an
// imported world's people and tokens); leftovers of a rewrite cut short are removed at the next start.
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningMock } from '../src/server/start-server.js';

const dir = mkdtempSync(join(tmpdir(), 'standin-safety-'));
const running: RunningMock[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});

async function serve(file: string): Promise<RunningMock> {
  const server = await startServer({ port: 0, host: '127.0.0.1', now: '2026-11-20T15:00:00Z', state: file });
  running.push(server);
  return server;
}

/** A change answered, then the whole file rewritten (a reset): both ways of writing the file. */
async function writeBothWays(server: RunningMock): Promise<void> {
  const { world } = server.mock;
  const token = world.store.people.get(world.defaultPersonId)!.tokens.readWrite;
  await fetch(`${server.baseUrl}/goals`, {
    method: 'POST',
    body: '{"title":"Saved"}',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  await fetch(server.baseUrl.replace('/api/v2', '/__mock/reset'), { method: 'POST' });
}

describe('--state FILE: what is written where, with which mode', () => {
  it.each([
    ['a new file', null, 0o600],
    ['a 0600 file', 0o600, 0o600],
    ['a 0640 file', 0o640, 0o640],
    ['a 0644 file', 0o644, 0o644],
    ['a 0666 file (more than the umask lets a new file have)', 0o666, 0o666],
  ])('%s keeps its mode through appends and rewrites', async (name, mode, expected) => {
    const file = join(dir, `mode-${name.replaceAll(' ', '-')}.jsonl`);
    if (mode !== null) {
      // A state document is a state file too: written by hand, with the mode its owner chose.
      const seed = await serve(join(dir, `seed-${name.replaceAll(' ', '-')}.jsonl`));
      writeFileSync(file, await (await fetch(seed.baseUrl.replace('/api/v2', '/__mock/state'))).text());
      chmodSync(file, mode);
    }
    await writeBothWays(await serve(file));
    expect((statSync(file).mode & 0o777).toString(8)).toBe(expected.toString(8));
  });

  it('writes through a symlinked state file to its target, which stays a symlink', async () => {
    const real = join(dir, 'elsewhere');
    mkdirSync(real);
    const link = join(dir, 'linked.jsonl');
    symlinkSync(join(real, 'world.jsonl'), link);
    const server = await serve(link);
    await writeBothWays(server);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(join(real, 'world.jsonl'));
    expect(readFileSync(join(real, 'world.jsonl'), 'utf8')).toContain('"standin-state-log"');
    // The lock sits beside the real file, so two paths to one file are one lock.
    expect(existsSync(join(real, 'world.jsonl.lock'))).toBe(true);
    await expect(serve(join(real, 'world.jsonl'))).rejects.toThrow(/is in use by another standin/);
  });

  it('never writes through a link planted where a temporary file was once named (<state>.<pid>.tmp)', async () => {
    const file = join(dir, 'planted.jsonl');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'precious');
    symlinkSync(victim, `${file}.${process.pid}.tmp`);
    await writeBothWays(await serve(file));
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(readFileSync(file, 'utf8')).toContain('"standin-state-log"');
  });

  it('removes at start the temporary files a rewrite cut short left, and nothing else', async () => {
    const file = join(dir, 'leftovers.jsonl');
    const stray = `${file}.0123456789ab.tmp`;
    const unrelated = [`${file}.backup.tmp`, join(dir, 'other.jsonl.0123456789ab.tmp')];
    for (const path of [stray, ...unrelated]) writeFileSync(path, 'half a rewrite');
    await serve(file);
    expect([stray, ...unrelated].map((path) => existsSync(path))).toEqual([false, true, true]);
  });
});
