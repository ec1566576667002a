// One server per --state file (issue 17, finding 8): the file is locked for the life of the process; a second
// server is refused, naming the process and the port that hold it; of two starting at once exactly one wins;
// a lock whose process is gone is taken over and the banner says so; a clean stop or a failed start leaves
// no lock behind. A lock of another machine (a container restarted after a crash has a new host name and pid
// space) is judged by its heartbeat: touched every beat while its holder runs, taken over once it has gone
// untouched for the stale window, with windows of milliseconds here.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../src/server/start-server.js';
import { StateLock, StateLockError } from '../src/server/state-lock.js';
import { CLI, ended, startOrRefusal, startServing, stopAll } from './support/standin-process.js';
import { takenPort } from './support/taken-port.js';

const dir = mkdtempSync(join(tmpdir(), 'standin-lock-'));
const NOW = ['--now', '2026-11-20T15:00:00Z'];

afterEach(stopAll);

/** What a server of this machine killed with its lock in place left. */
function staleLock(pid: number) {
  return {
    pid,
    hostname: hostname(),
    host: '127.0.0.1',
    port: 4010,
    started: '2026-11-19T08:00:00Z',
    process_start: null,
  };
}

/** A heartbeat a lock declares: standin's own, every 5 s, stale after 30 s. */
const STANDIN_BEAT = { heartbeat_ms: 5_000, stale_ms: 30_000 };

/**
 * What a server of another machine (another host name) wrote, serving on 10.0.0.7, declaring `beat` (null: an
 * older standin's lock, which declares none).
 */
function otherMachine(
  pid: number,
  beat: { heartbeat_ms: number; stale_ms: number } | null = STANDIN_BEAT,
  name = 'elsewhere.example',
  namespace?: string,
) {
  return {
    pid,
    hostname: name,
    ...(namespace === undefined ? {} : { pid_namespace: namespace }),
    host: '10.0.0.7',
    port: 4010,
    started: '2026-11-19T08:00:00Z',
    process_start: null,
    ...beat,
  };
}

/** A pid no process has now: that of a child that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid;
}

describe('--state FILE: one server per file', () => {
  it('refuses a second server with one line naming the process and port that hold the file', async () => {
    const file = join(dir, 'shared.jsonl');
    const first = await startServing([...NOW, '--state', file]);
    const second = await startOrRefusal([...NOW, '--state', file]);
    expect(second.code).toBe(2);
    const { started } = JSON.parse(readFileSync(`${file}.lock`, 'utf8'));
    expect(second.stderr).toBe(
      `standin: ${file} is in use by another standin: process ${first.child.pid} (serving http://127.0.0.1:${first.port}, since ${started}); stop it or pass another --state (if that process is gone, remove ${file}.lock) (standin serve --help lists the options)\n`,
    );
    // The first one goes on serving; stopped cleanly, it leaves the file free.
    expect((await fetch(`${first.baseUrl}/me`, { headers: { authorization: `Bearer ${first.token}` } })).status).toBe(
      200,
    );
    first.child.kill('SIGTERM');
    expect(await ended(first.child)).toBe(0);
    expect(existsSync(`${file}.lock`)).toBe(false);
    await startServing([...NOW, '--state', file]);
  });

  it.each([
    ['no lock there', false],
    ['a lock whose process is gone', true],
  ])('lets exactly one of two servers started at once have the file, with %s', async (_case, stale) => {
    const file = join(dir, `race-${String(stale)}.jsonl`);
    if (stale) writeFileSync(`${file}.lock`, JSON.stringify(staleLock(deadPid())));
    const outcomes = await Promise.all([
      startOrRefusal([...NOW, '--state', file]),
      startOrRefusal([...NOW, '--state', file]),
    ]);
    expect(outcomes.map((o) => o.code).sort()).toEqual([2, null]);
    const winner = outcomes.find((o) => o.code === null)!;
    expect(outcomes.find((o) => o.code === 2)!.stderr).toContain(`process ${winner.child.pid} `);
  });

  it('takes over a lock whose process is gone, and says so in the banner', async () => {
    const file = join(dir, 'stale.jsonl');
    const gone = deadPid();
    writeFileSync(`${file}.lock`, JSON.stringify(staleLock(gone)));
    const { banner, child } = await startServing([...NOW, '--state', file]);
    expect(banner).toContain(
      `state lock: taken over from process ${gone} (started 2026-11-19T08:00:00Z), which is gone: ${file}.lock`,
    );
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8'))).toMatchObject({ pid: child.pid, host: '127.0.0.1' });
  });

  it('takes over the lock of a killed server its parent has not reaped yet (a zombie)', async () => {
    const file = join(dir, 'zombie.jsonl');
    // The shell becomes `cat`, which never waits for the server it started: killed, the server stays a zombie.
    // cat reads the pipe this process holds open, so it lives as long as the test needs it, and no longer
    // (`sleep 60` did, and a busy box can take longer than that). The server's output comes here: its banner
    // says it holds the lock, and the end of it that it is gone, events rather than a polled file.
    const parent = spawn('sh', [
      '-c',
      `"${process.execPath}" "${CLI}" serve --port 0 --state "${file}" & exec cat >/dev/null`,
    ]);
    try {
      let out = '';
      const gone = new Promise((resolve) => parent.stdout.once('end', resolve));
      await new Promise<void>((resolve) =>
        parent.stdout.on('data', (chunk) => {
          out += chunk;
          if (out.includes('the contract:')) resolve();
        }),
      );
      const holder = JSON.parse(readFileSync(`${file}.lock`, 'utf8')) as { pid: number; port: number | null };
      expect(holder.port).not.toBeNull();
      process.kill(holder.pid, 'SIGKILL');
      await gone;
      // Its files are closed a moment before it is marked a zombie: the state is read until it says so.
      while (!readFileSync(`/proc/${holder.pid}/stat`, 'utf8').includes(') Z ')) await new Promise(setImmediate);
      const { banner } = await startServing([...NOW, '--state', file]);
      expect(banner).toContain(`state lock: taken over from process ${holder.pid} `);
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('refuses a lock that is not a lock standin wrote', async () => {
    const file = join(dir, 'kept-foreign.jsonl');
    writeFileSync(`${file}.lock`, 'hello');
    const refused = await startOrRefusal([...NOW, '--state', file]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${file} is locked by ${file}.lock, which is not a lock standin wrote`);
    expect(existsSync(file)).toBe(false);
  });

  it("takes over another machine's lock whose heartbeat stopped an hour ago, once it has watched it for a beat and a half, and says so in the banner", async () => {
    const file = join(dir, 'other-machine.jsonl');
    writeFileSync(`${file}.lock`, JSON.stringify(otherMachine(4242)));
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(`${file}.lock`, anHourAgo, anHourAgo);
    const { banner, child } = await startServing([...NOW, '--state', file]);
    expect(banner).toMatch(
      new RegExp(
        `\\n  state lock: taken over from process 4242 on elsewhere\\.example \\(started 2026-11-19T08:00:00Z\\), whose heartbeat stopped 36\\d\\d s ago: ${file}\\.lock\\n`,
      ),
    );
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8'))).toMatchObject({ pid: child.pid, hostname: hostname() });
  });

  it('refuses a second server on another name of the same file (a hard link), and keeps every write', async () => {
    const file = join(dir, 'linked.jsonl');
    const first = await startServing([...NOW, '--state', file]);
    const other = join(dir, 'linked-other-name.jsonl');
    linkSync(file, other);
    const second = await startOrRefusal([...NOW, '--state', other]);
    expect(second.code).toBe(2);
    const { started } = JSON.parse(readFileSync(`${file}.lock`, 'utf8'));
    expect(second.stderr).toBe(
      `standin: ${other} is the same file as ${file} (a hard link), which another standin keeps: process ${first.child.pid} (serving http://127.0.0.1:${first.port}, since ${started}); stop it or pass another --state (standin serve --help lists the options)\n`,
    );
    expect(existsSync(`${other}.lock`)).toBe(false);
    // The first server's writes all land, and its world comes back whole after a restart.
    const headers = { authorization: `Bearer ${first.token}`, 'content-type': 'application/json' };
    for (let i = 0; i < 20; i++)
      expect(
        (
          await fetch(`${first.baseUrl}/goals`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ title: `kept ${i}` }),
          })
        ).status,
      ).toBe(201);
    first.child.kill('SIGTERM');
    expect(await ended(first.child)).toBe(0);
    const again = await startServing([...NOW, '--state', other]);
    const goals = (await (
      await fetch(`${again.baseUrl}/goals?per_page=50`, { headers: { authorization: `Bearer ${again.token}` } })
    ).json()) as Array<{ title: string }>;
    expect(goals.filter((g) => g.title.startsWith('kept ')).length).toBe(20);
  });

  it('takes over a lock by identity whose holder keeps another file now (an inode number used again)', async () => {
    const file = join(dir, 'reused.jsonl');
    const made = await startServing([...NOW, '--state', file]);
    made.child.kill('SIGTERM');
    expect(await ended(made.child)).toBe(0);
    const { dev, ino } = statSync(file);
    const folder = join(process.env.XDG_RUNTIME_DIR || tmpdir(), `standin-${process.getuid!()}-locks`);
    // A process that runs (this one) holds that identity, for a file of another name that is gone: the number
    // was its file's, and is this file's now.
    writeFileSync(
      join(folder, `${dev}-${ino}.lock`),
      JSON.stringify({ ...staleLock(process.pid), file: join(dir, 'long-gone.jsonl') }),
    );
    await startServing([...NOW, '--state', file]);
  });

  it('moves the lock by identity to the new file when the file is rewritten (a new inode), letting go of the old', async () => {
    const file = join(dir, 'rewritten.jsonl');
    writeFileSync(file, 'first\n');
    const folder = join(process.env.XDG_RUNTIME_DIR || tmpdir(), `standin-${process.getuid!()}-locks`);
    const identity = () => `${statSync(file).dev}-${statSync(file).ino}.lock`;
    const lock = await StateLock.take(file, file);
    const before = identity();
    expect(existsSync(join(folder, before))).toBe(true);
    writeFileSync(`${file}.new`, 'second\n');
    renameSync(`${file}.new`, file);
    await lock.follow();
    expect([existsSync(join(folder, before)), existsSync(join(folder, identity()))]).toEqual([false, true]);
    await lock.release();
    expect(existsSync(join(folder, identity()))).toBe(false);
  });

  it('refuses a folder of locks by identity that others could write, saying how to mend it', async () => {
    const runtime = mkdtempSync(join(tmpdir(), 'standin-runtime-'));
    const folder = join(runtime, `standin-${process.getuid!()}-locks`);
    mkdirSync(folder, { mode: 0o777 });
    chmodSync(folder, 0o777);
    const refused = await startOrRefusal([...NOW, '--state', join(dir, 'open-folder.jsonl')], {
      XDG_RUNTIME_DIR: runtime,
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${folder} keeps standin's locks of state files by identity`);
  });

  it('frees the file when the start fails after the lock was taken: the port in use', async () => {
    const file = join(dir, 'port-taken.jsonl');
    const holder = await takenPort();
    try {
      const refused = await startOrRefusal([...NOW, '--state', file, '--port', String(holder.port)]);
      expect([refused.code, refused.stderr]).toEqual([
        2,
        expect.stringContaining(`port ${holder.port} on 127.0.0.1 is in use`),
      ]);
      expect(existsSync(`${file}.lock`)).toBe(false);
    } finally {
      await holder.close();
    }
  });

  it('refuses a second server in the same process, and frees the file when the first closes', async () => {
    const file = join(dir, 'in-process.jsonl');
    const options = { port: 0, host: '127.0.0.1', now: '2026-11-20T15:00:00Z', state: file };
    const first = await startServer(options);
    await expect(startServer(options)).rejects.toThrow(
      `process ${process.pid} (serving ${first.baseUrl.replace('/api/v2', '')}`,
    );
    await first.close();
    await (await startServer(options)).close();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});

/** Resolves once `holds()` is true, looking every 10 ms; rejects after `ms` of wall clock (this process held up that long). */
async function until(holds: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!holds()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("--state FILE: another machine's lock, judged by its heartbeat", () => {
  // Two machines: another host name; and this host name in another pid space, as two containers given one fixed
  // host name are, where the pid may well be this very process's.
  const machines = [
    ['another host name', (beat: typeof STANDIN_BEAT) => otherMachine(4242, beat)],
    [
      'this host name in another pid space',
      (beat: typeof STANDIN_BEAT) => otherMachine(process.pid, beat, hostname(), 'pid:[1]'),
    ],
  ] as const;

  it.each(machines)(
    'takes over, once the stale window has passed, the lock of %s whose heartbeat stopped',
    async (kind, holder) => {
      const beat = { heartbeat_ms: 50, stale_ms: 500 };
      const file = join(dir, `stopped-${kind.length}.jsonl`);
      writeFileSync(`${file}.lock`, JSON.stringify(holder(beat)));
      const touched = statSync(`${file}.lock`).mtimeMs;
      const lock = await StateLock.take(file, file, { timing: { heartbeatMs: 50, staleMs: 500 }, notice: () => {} });
      try {
        // Not before the window: the lock went untouched for all of it.
        expect(Date.now() - touched).toBeGreaterThan(500);
        expect(lock.tookOver).toEqual({
          holder: holder(beat),
          why: expect.stringMatching(/^whose heartbeat stopped \d+ s ago$/),
        });
        expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
      } finally {
        await lock.release();
      }
    },
  );

  it('waits out the window by its own clock when the holder’s clock runs ahead, and says it waits', async () => {
    const file = join(dir, 'clock-ahead.jsonl');
    writeFileSync(`${file}.lock`, JSON.stringify(otherMachine(4242, { heartbeat_ms: 100, stale_ms: 1_000 })));
    // Touched "ten minutes from now": the age of the mtime alone would keep the lock for ten minutes more.
    const ahead = new Date(Date.now() + 600_000);
    utimesSync(`${file}.lock`, ahead, ahead);
    const notices: string[] = [];
    const started = performance.now();
    const lock = await StateLock.take(file, file, {
      timing: { heartbeatMs: 100, staleMs: 1_000 },
      notice: (line) => notices.push(line),
    });
    try {
      expect(performance.now() - started).toBeGreaterThan(1_000);
      expect(lock.tookOver).toEqual({
        holder: otherMachine(4242, { heartbeat_ms: 100, stale_ms: 1_000 }),
        why: expect.stringMatching(/^whose heartbeat stopped \d+ s ago$/),
      });
      expect(notices).toEqual([
        expect.stringMatching(
          new RegExp(
            `^standin: ${file}\\.lock is held by process 4242 on elsewhere\\.example \\(serving http://10\\.0\\.0\\.7:4010, since 2026-11-19T08:00:00Z\\), whose heartbeat has not come for \\d+ s: waiting up to \\d+ s more before taking it over \\(its machine cannot be asked whether it runs\\)$`,
          ),
        ),
      ]);
    } finally {
      await lock.release();
    }
  });

  it.each(machines)('refuses a live holder of %s, whose heartbeat goes on, in one line', async (kind, holder) => {
    const declared = { heartbeat_ms: 200, stale_ms: 60_000 };
    const file = join(dir, `beating-${kind.length}.jsonl`);
    writeFileSync(`${file}.lock`, JSON.stringify(holder(declared)));
    // The holder beats every 20 ms; the window is long, so only a beat seen can end the wait this soon.
    const beat = setInterval(() => utimesSync(`${file}.lock`, new Date(), new Date()), 20);
    try {
      const taking = StateLock.take(file, file, { timing: { heartbeatMs: 200, staleMs: 60_000 }, notice: () => {} });
      await expect(taking).rejects.toThrow(StateLockError);
      await expect(taking).rejects.toThrow(
        `${file} is in use by another standin: process ${holder(declared).pid}${kind === 'another host name' ? ' on elsewhere.example' : ''} (serving http://10.0.0.7:4010, since 2026-11-19T08:00:00Z), whose lock's heartbeat goes on; stop it or pass another --state`,
      );
    } finally {
      clearInterval(beat);
    }
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8'))).toEqual(holder(declared));
  });

  it('takes the lock by identity its stopped holder left without waiting its window out again, once its lock by path was waited out', async () => {
    const file = join(dir, 'both-left.jsonl');
    writeFileSync(file, 'kept\n');
    const folder = join(process.env.XDG_RUNTIME_DIR || tmpdir(), `standin-${process.getuid!()}-locks`);
    const left = [`${file}.lock`, join(folder, `${statSync(file).dev}-${statSync(file).ino}.lock`)];
    // Both touched "ten minutes from now": each, were it watched, would be watched for the whole window.
    const ahead = new Date(Date.now() + 600_000);
    for (const path of left) {
      writeFileSync(path, JSON.stringify({ ...otherMachine(4242, { heartbeat_ms: 100, stale_ms: 1_000 }), file }));
      utimesSync(path, ahead, ahead);
    }
    const notices: string[] = [];
    const lock = await StateLock.take(file, file, {
      timing: { heartbeatMs: 100, staleMs: 1_000 },
      notice: (line) => notices.push(line),
    });
    try {
      expect(notices.map((line) => line.split(' is held by ')[0])).toEqual([`standin: ${file}.lock`]);
      expect(left.map((path) => JSON.parse(readFileSync(path, 'utf8')).pid)).toEqual([process.pid, process.pid]);
    } finally {
      await lock.release();
    }
  });

  it('watches the lock by identity of a live holder whose lock by path was forged stale in its name, and is refused', async () => {
    const file = join(dir, 'forged-path-lock.jsonl');
    writeFileSync(file, 'kept\n');
    const folder = join(process.env.XDG_RUNTIME_DIR || tmpdir(), `standin-${process.getuid!()}-locks`);
    const byIdentity = join(folder, `${statSync(file).dev}-${statSync(file).ino}.lock`);
    // The holder runs and beats its lock by identity; its lock by path was replaced by a copy, every field the
    // same, touched an hour ago.
    const holder = {
      ...otherMachine(4242, { heartbeat_ms: 100, stale_ms: 1_000 }, 'elsewhere.example', 'pid:[9]'),
      file,
    };
    writeFileSync(byIdentity, JSON.stringify(holder));
    writeFileSync(`${file}.lock`, JSON.stringify(holder));
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(`${file}.lock`, anHourAgo, anHourAgo);
    const beat = setInterval(() => utimesSync(byIdentity, new Date(), new Date()), 20);
    try {
      await expect(
        StateLock.take(file, file, { timing: { heartbeatMs: 50, staleMs: 500 }, notice: () => {} }),
      ).rejects.toThrow('which another standin keeps: process 4242 on elsewhere.example');
    } finally {
      clearInterval(beat);
    }
    expect(JSON.parse(readFileSync(byIdentity, 'utf8'))).toEqual(holder);
    // The lock by path it took over is let go again.
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('refuses a live holder whose clock runs an hour behind this one’s: its beats are watched for, whatever their mtime', async () => {
    const file = join(dir, 'clock-behind.jsonl');
    writeFileSync(`${file}.lock`, JSON.stringify(otherMachine(4242, { heartbeat_ms: 200, stale_ms: 1_000 })));
    const behind = () => new Date(Date.now() - 3_600_000);
    utimesSync(`${file}.lock`, behind(), behind());
    const beat = setInterval(() => utimesSync(`${file}.lock`, behind(), behind()), 20);
    try {
      await expect(
        StateLock.take(file, file, { timing: { heartbeatMs: 200, staleMs: 1_000 }, notice: () => {} }),
      ).rejects.toThrow(`${file} is in use by another standin: process 4242 on elsewhere.example`);
    } finally {
      clearInterval(beat);
    }
  });

  it("refuses an older standin's lock of another machine, which declares no heartbeat, however long untouched", async () => {
    const file = join(dir, 'older-standin.jsonl');
    // Written by a standin from before the heartbeat: it never touched its lock, and may well still serve.
    writeFileSync(`${file}.lock`, JSON.stringify(otherMachine(4242, null)));
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(`${file}.lock`, anHourAgo, anHourAgo);
    await expect(
      StateLock.take(file, file, { timing: { heartbeatMs: 50, staleMs: 500 }, notice: () => {} }),
    ).rejects.toThrow(
      `${file} is in use by another standin: process 4242 on elsewhere.example (serving http://10.0.0.7:4010, since 2026-11-19T08:00:00Z); stop it or pass another --state (if that process is gone, remove ${file}.lock)`,
    );
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8'))).toEqual(otherMachine(4242, null));
  });

  it('judges a lock by the heartbeat its holder declares, not by the taker’s own', async () => {
    const file = join(dir, 'declared-beat.jsonl');
    // Its holder beats every 400 ms: a taker beating every 50 ms, stale after 500, must not take it between beats.
    writeFileSync(`${file}.lock`, JSON.stringify(otherMachine(4242, { heartbeat_ms: 400, stale_ms: 2_400 })));
    const beat = setInterval(() => utimesSync(`${file}.lock`, new Date(), new Date()), 400);
    try {
      await expect(
        StateLock.take(file, file, { timing: { heartbeatMs: 50, staleMs: 100 }, notice: () => {} }),
      ).rejects.toThrow("whose lock's heartbeat goes on");
    } finally {
      clearInterval(beat);
    }
  });

  it('declares its own heartbeat in the lock it writes', async () => {
    const file = join(dir, 'declares.jsonl');
    const lock = await StateLock.take(file, file, { timing: { heartbeatMs: 50, staleMs: 500 }, notice: () => {} });
    try {
      expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8'))).toMatchObject({ heartbeat_ms: 50, stale_ms: 500 });
    } finally {
      await lock.release();
    }
  });

  it('prints the text of a lock with its control characters escaped: no escape sequence reaches the terminal', async () => {
    const file = join(dir, 'escapes.jsonl');
    const forged = {
      ...otherMachine(4242, null, 'evil\u001b]0;pwned\u0007'),
      host: '10.0.0.7\u001b[2J',
      started: 'x\nstandin: ok',
    };
    writeFileSync(`${file}.lock`, JSON.stringify(forged));
    await expect(
      StateLock.take(file, file, { timing: { heartbeatMs: 50, staleMs: 500 }, notice: () => {} }),
    ).rejects.toThrow(
      `${file} is in use by another standin: process 4242 on evil\\u001b]0;pwned\\u0007 (serving http://10.0.0.7\\u001b[2J:4010, since x\\u000astandin: ok); stop it`,
    );
  });

  it.each([
    ['host', 42],
    ['port', '4010'],
    ['pid_namespace', 7],
    ['process_start', 1],
    ['file', ['a']],
  ])('counts a lock whose %s is not of its type as not a lock standin wrote', async (field, value) => {
    const file = join(dir, `mistyped-${field}.jsonl`);
    writeFileSync(`${file}.lock`, JSON.stringify({ ...otherMachine(4242, null), [field]: value }));
    await expect(
      StateLock.take(file, file, { timing: { heartbeatMs: 50, staleMs: 500 }, notice: () => {} }),
    ).rejects.toThrow(`${file} is locked by ${file}.lock, which is not a lock standin wrote`);
  });

  it('keeps a long-running holder’s locks fresh, by path and by identity, until it lets them go', async () => {
    const file = join(dir, 'fresh.jsonl');
    writeFileSync(file, 'kept\n');
    const lock = await StateLock.take(file, file, { timing: { heartbeatMs: 50, staleMs: 500 }, notice: () => {} });
    const folder = join(process.env.XDG_RUNTIME_DIR || tmpdir(), `standin-${process.getuid!()}-locks`);
    const locks = [`${file}.lock`, join(folder, `${statSync(file).dev}-${statSync(file).ino}.lock`)];
    try {
      // Many windows on, as a holder that has served for hours: set back, each is touched again.
      for (let round = 0; round < 3; round++) {
        const anHourAgo = new Date(Date.now() - 3_600_000);
        for (const path of locks) utimesSync(path, anHourAgo, anHourAgo);
        await until(
          () => locks.every((path) => Date.now() - statSync(path).mtimeMs < 60_000),
          'both locks touched again',
        );
      }
      expect(JSON.parse(readFileSync(locks[0]!, 'utf8'))).toMatchObject({ pid: process.pid });
    } finally {
      await lock.release();
    }
    expect(locks.map((path) => existsSync(path))).toEqual([false, false]);
  });

  it('tells a lock it has lost once, naming who took it over, and leaves the lock now there untouched', async () => {
    const file = join(dir, 'lost.jsonl');
    const told: string[] = [];
    const lock = await StateLock.take(file, file, {
      timing: { heartbeatMs: 50, staleMs: 500 },
      notice: () => {},
      lost: (line) => told.push(line),
    });
    try {
      // Another machine's server took it while this one was held up past the window.
      writeFileSync(`${file}.lock.theirs`, JSON.stringify(otherMachine(4242)));
      const anHourAgo = new Date(Date.now() - 3_600_000);
      utimesSync(`${file}.lock.theirs`, anHourAgo, anHourAgo);
      renameSync(`${file}.lock.theirs`, `${file}.lock`);
      await until(() => told.length > 0, 'the lost lock told');
      // Several beats on: told once.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(told).toEqual([
        `standin: ${file} was taken over by process 4242 on elsewhere.example (serving http://10.0.0.7:4010, since 2026-11-19T08:00:00Z) (${file}.lock is no longer this server's lock): this server stops, so that two do not write the file`,
      ]);
      // Still an hour old: not touched by a heartbeat that is not its holder's.
      expect(Date.now() - statSync(`${file}.lock`).mtimeMs).toBeGreaterThan(3_000_000);
    } finally {
      await lock.release();
    }
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8'))).toEqual(otherMachine(4242));
  });

  it('stops a server whose lock was taken over: one line naming the new holder, exit 1, not one more write', async () => {
    const file = join(dir, 'taken-from-me.jsonl');
    const serving = await startServing([...NOW, '--state', file]);
    const headers = { authorization: `Bearer ${serving.token}`, 'content-type': 'application/json' };
    const post = () => fetch(`${serving.baseUrl}/goals`, { method: 'POST', headers, body: '{"title":"mine"}' });
    expect((await post()).status).toBe(201);
    let stderr = '';
    serving.child.stderr!.on('data', (chunk) => (stderr += chunk));
    const code = ended(serving.child);
    // Another machine's server took the file over while this one was suspended (docker pause) past the window.
    writeFileSync(`${file}.lock.theirs`, JSON.stringify(otherMachine(4242)));
    renameSync(`${file}.lock.theirs`, `${file}.lock`);
    // Its next beat (within 5 s) finds the lock is not its own.
    expect(await code).toBe(1);
    expect(stderr).toContain(
      `standin: ${file} was taken over by process 4242 on elsewhere.example (serving http://10.0.0.7:4010, since 2026-11-19T08:00:00Z) (${file}.lock is no longer this server's lock): this server stops, so that two do not write the file\n`,
    );
    const bytes = readFileSync(file);
    await expect(post()).rejects.toThrow();
    expect(readFileSync(file)).toEqual(bytes);
    // The new holder's lock is left in place.
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8'))).toEqual(otherMachine(4242));
  });
});
