// --state FILE as a log: what a world is a function of (its base) plus an append-only log of changes.
// Crash safety over real processes: SIGKILL during a stream of writes loses at most the last second; a
// truncated, corrupt or foreign file is refused and never overwritten.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { readyBanner, startServer, type RunningMock } from '../src/cli/serve.js';
import { readStateFile } from '../src/cli/state-file.js';

const CLI = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));
const NOW = '2026-11-20T15:00:00Z';
const dir = mkdtempSync(join(tmpdir(), 'standin-state-log-'));
const running: RunningMock[] = [];
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const server of running.splice(0)) await server.close();
});

async function serve(file: string): Promise<RunningMock> {
  const server = await startServer({ port: 0, host: '127.0.0.1', now: NOW, state: file });
  running.push(server);
  return server;
}

function api(server: RunningMock) {
  const token = server.mock.world.store.people.get(server.mock.world.defaultPersonId)!.tokens.readWrite;
  return (method: string, path: string, body?: unknown) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
}

describe('--state FILE as a log of changes', () => {
  it('holds the base and what changed, not the world; a restart rebuilds the same answers', async () => {
    const file = join(dir, 'small.jsonl');
    const first = await serve(file);
    // The banner says whether the file was made now or read: a mistyped path must not pass for a saved world.
    expect(readyBanner(first)).toContain(`state: kept in ${file} (a new file)`);
    const call = api(first);
    const goal = await (await call('POST', '/goals', { title: 'Logged' })).json();
    await call('PATCH', '/check-ins/2026-11-20', { mood: 'focused' });
    await call('DELETE', `/goals/${goal.id}`);
    const kept = await (await call('POST', '/goals', { title: 'Kept' })).json();
    const before = await (await call('GET', '/goals?per_page=50')).text();
    await first.close();
    running.splice(0);
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({
      format: 'standin-state-log',
      version: 1,
      seed: 42,
      size: 'small',
      base: { generated_at: NOW },
    });
    // Replayed in order, the goal lines leave the deleted goal deleted and the kept one kept.
    const goals = new Map<string, string | null>();
    for (const line of lines.filter((l) => l.t === 'goals'))
      goals.set(line.d ?? line.r.id, line.d ? null : line.r.title);
    expect(Object.fromEntries(goals)).toEqual({ [goal.id]: null, [kept.id]: 'Kept' });
    expect(lines.filter((l) => l.t === 'checkIns')).toHaveLength(1);
    expect(readFileSync(file, 'utf8').length).toBeLessThan(20_000);

    const second = await serve(file);
    expect(second.stateLoaded).toBe(true);
    expect(readyBanner(second)).toContain(`state: loaded from ${file}, saved there after each change`);
    expect(await (await api(second)('GET', '/goals?per_page=50')).text()).toBe(before);
    expect((await api(second)('GET', `/goals/${kept.id}`)).status).toBe(200);
    expect((await api(second)('GET', `/goals/${goal.id}`)).status).toBe(404);
  });

  it('appends each change to the log, and rewrites it when the world is reset', async () => {
    const file = join(dir, 'append.jsonl');
    const server = await serve(file);
    const call = api(server);
    await call('POST', '/goals', { title: 'One' });
    await server.stateWriter!.save();
    await call('POST', '/goals', { title: 'Two' });
    await server.stateWriter!.save();
    const titles = () =>
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .filter((l) => l.t === 'goals')
        .map((l) => l.r.title);
    expect(titles()).toEqual(['One', 'Two']);
    await fetch(server.baseUrl.replace('/api/v2', '/__mock/reset'), { method: 'POST' });
    server.stateWriter!.changed();
    await server.stateWriter!.save();
    expect(titles()).toEqual([]);
  });

  it('drops a half-written last line (a kill during an append), and refuses a corrupt line before it', () => {
    const file = join(dir, 'tail.jsonl');
    const header = JSON.stringify({
      format: 'standin-state-log',
      version: 1,
      seed: 42,
      size: 'small',
      base: { generated_at: NOW },
    });
    const clock = JSON.stringify({
      clock: { now: NOW, frozen: true },
      counters: { created: { goal: 1 }, seq: 1_000_000_001 },
    });
    writeFileSync(file, `${header}\n${clock}\n{"t":"goals","r":{"id":"x`);
    expect(readStateFile(file)).toMatchObject({ version: 2, counters: { created: { goal: 1 } }, changes: {} });
    writeFileSync(file, `${header}\n{"t":"goals","r":{"id":"x\n${clock}\n`);
    expect(() => readStateFile(file)).toThrow(/line 2 is not valid JSON.*leaves/);
  });
});

describe('crash safety over a real process', () => {
  function start(file: string): Promise<{ child: ChildProcess; baseUrl: string; token: string }> {
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--now', NOW, '--state', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
        if (!out.includes('the contract:')) return;
        const baseUrl = /serving \/api\/v2 at (\S+)/.exec(out)?.[1];
        const token = /token: (\S+)/.exec(out)?.[1];
        // Rejected rather than thrown: a throw in this listener would escape the test.
        if (baseUrl && token) resolve({ child, baseUrl, token });
        else reject(new Error(`the banner names no base URL or no token: ${out}`));
      });
      child.stderr.on('data', (chunk) => (out += chunk));
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
  }

  it('SIGKILL during a stream of writes loses at most the last second of them', async () => {
    const file = join(dir, 'crash.jsonl');
    const server = await start(file);
    const written: Array<{ id: string; at: number }> = [];
    const stopAt = Date.now() + 2500;
    while (Date.now() < stopAt) {
      const response = await fetch(`${server.baseUrl}/goals`, {
        method: 'POST',
        body: JSON.stringify({ title: `crash ${written.length}` }),
        headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      });
      written.push({ id: ((await response.json()) as { id: string }).id, at: Date.now() });
    }
    const killedAt = Date.now();
    server.child.kill('SIGKILL');
    await new Promise((done) => server.child.once('exit', done));

    const again = await start(file);
    const status = async (id: string) =>
      (await fetch(`${again.baseUrl}/goals/${id}`, { headers: { authorization: `Bearer ${again.token}` } })).status;
    const older = written.filter((w) => w.at < killedAt - 1000);
    expect(older.length).toBeGreaterThan(10);
    for (const { id } of older) expect(await status(id)).toBe(200);
    // Whatever survived is a prefix: no write is kept while an earlier one is lost.
    const kept = await Promise.all(written.map(async ({ id }) => (await status(id)) === 200));
    expect(kept.indexOf(false) === -1 || kept.slice(kept.indexOf(false)).every((k) => !k)).toBe(true);
  });

  it.each([
    ['truncated in its header', (good: string) => good.slice(0, 30)],
    ['corrupt in the middle', (good: string) => good.replace('\n', '\n{oops}\n')],
    ['foreign', () => '{"name": "my-app", "version": "1.0.0"}\n'],
  ])('a file %s is refused with a clear message and left as it was', async (_kind, spoil) => {
    const good = join(dir, 'good.jsonl');
    if (!existsSync(good)) {
      const server = await serve(good);
      await api(server)('POST', '/goals', { title: 'Something' });
      await server.close();
      running.splice(0);
    }
    const file = join(dir, `spoiled-${_kind.length}.jsonl`);
    const content = spoil(readFileSync(good, 'utf8'));
    writeFileSync(file, content);
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--state', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let err = '';
    child.stderr.on('data', (chunk) => (err += chunk));
    // 'close', not 'exit': only then has all of stderr been read.
    expect(await new Promise((done) => child.once('close', done))).toBe(2);
    expect(err).toContain(`${file} is not a standin state`);
    expect(err).toContain('leaves');
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('reads a state document an older standin saved, and rewrites it as a log', async () => {
    const file = join(dir, 'old.json');
    const source = await serve(join(dir, 'source.jsonl'));
    await api(source)('POST', '/goals', { title: 'From the old file' });
    const full = await (await fetch(source.baseUrl.replace('/api/v2', '/__mock/state?full=true'))).text();
    writeFileSync(file, full);
    const server = await serve(file);
    expect(server.stateLoaded).toBe(true);
    const titles = ((await (await api(server)('GET', '/goals?per_page=50')).json()) as Array<{ title: string }>).map(
      (g) => g.title,
    );
    expect(titles).toContain('From the old file');
    expect(readFileSync(file, 'utf8').split('\n')[0]).toContain('standin-state-log');
  });
});
