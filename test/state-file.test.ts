// --state FILE as a log: what a world is a function of (its base) plus an append-only log of changes, in
// batches each ended by the clock line that makes them count. A batch without its end (a kill during an
// append) is dropped; a truncated, corrupt or foreign file is refused and never overwritten.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readyBanner, startServer, type RunningMock } from '../src/server/start-server.js';
import { readStateFile } from '../src/server/state-file.js';
import { startOrRefusal, stopAll } from './support/standin-process.js';

const NOW = '2026-11-20T15:00:00Z';
const dir = mkdtempSync(join(tmpdir(), 'standin-state-log-'));
const running: RunningMock[] = [];

afterEach(async () => {
  stopAll();
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

/** The file's lines after its header, in batches: each batch's record lines, its clock line dropped. */
function batches(file: string): Array<Array<Record<string, any>>> {
  const lines = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l));
  const out: Array<Array<Record<string, any>>> = [[]];
  for (const line of lines) {
    if ('clock' in line) out.push([]);
    else out.at(-1)!.push(line);
  }
  return out.slice(0, -1);
}

const HEADER = JSON.stringify({
  format: 'standin-state-log',
  version: 2,
  seed: 42,
  size: 'small',
  base: { generated_at: NOW },
});
const CLOCK = JSON.stringify({
  clock: { now: NOW, frozen: true },
  counters: { created: { goal: 1 }, seq: 1_000_000_001 },
});
const goalLine = (title: string) => JSON.stringify({ t: 'goals', r: { id: `id-${title}`, title } });

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
      version: 2,
      seed: 42,
      size: 'small',
      base: { generated_at: NOW },
    });
    // Every batch ends with the clock line that makes it count, the last one too.
    expect(lines.at(-1)).toMatchObject({ clock: { now: NOW, frozen: true } });
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

  it('keeps whom the world simulates for (LW7): a restart simulates as the world did before it', async () => {
    const file = join(dir, 'simulate.jsonl');
    const first = await serve(file);
    const origin = first.baseUrl.replace('/api/v2', '');
    const put = await fetch(`${origin}/__mock/world`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ simulate: 'none' }),
    });
    expect(put.status).toBe(200);
    // Answered once it is in the file, as any change.
    expect(readFileSync(file, 'utf8').trim().split('\n').at(-1)).toContain('"simulate":"none"');
    await first.close();
    running.splice(running.indexOf(first), 1);
    const second = await serve(file);
    expect(second.mock.world.simulate).toBe('none');
    expect(readyBanner(second)).toContain('simulate: none');
  });

  it('appends each answered change to the log, and rewrites it when the world is reset', async () => {
    const file = join(dir, 'append.jsonl');
    const server = await serve(file);
    const call = api(server);
    const titles = () =>
      batches(file)
        .flat()
        .filter((l) => l.t === 'goals')
        .map((l) => l.r.title);
    // Answered only once in the file: read right after each answer, with no save asked for.
    await call('POST', '/goals', { title: 'One' });
    expect(titles()).toEqual(['One']);
    await call('POST', '/goals', { title: 'Two' });
    expect(titles()).toEqual(['One', 'Two']);
    await fetch(server.baseUrl.replace('/api/v2', '/__mock/reset'), { method: 'POST' });
    expect(titles()).toEqual([]);
  });

  it('keeps what one request changed in one batch: a goal deleted with its updates', async () => {
    const file = join(dir, 'batch.jsonl');
    const server = await serve(file);
    const call = api(server);
    const goal = await (await call('POST', '/goals', { title: 'Doomed' })).json();
    const updates = [];
    for (const title of ['Week 1', 'Week 2'])
      updates.push((await (await call('POST', `/goals/${goal.id}/goal-updates`, { title })).json()).id);
    await call('DELETE', `/goals/${goal.id}`);
    // A batch cut between the goal and its updates would be refused at the next start (GO8).
    const deletion = batches(file).find((batch) => batch.some((l) => l.t === 'goals' && l.d === goal.id));
    expect(deletion?.filter((l) => l.d).map((l) => l.d)).toEqual(expect.arrayContaining([goal.id, ...updates]));
  });

  it.each([
    [
      'drops a last batch without its clock line, the mark of a kill during an append',
      [HEADER, goalLine('kept'), CLOCK, goalLine('lost'), '{"t":"goals","r":{"id":"x'],
      ['kept'],
    ],
    [
      'drops a half-written clock line with its batch',
      [HEADER, goalLine('kept'), CLOCK, goalLine('lost'), CLOCK.slice(0, 20)],
      ['kept'],
    ],
    [
      'reads a version 1 log, each batch after its clock line',
      [HEADER.replace('"version":2', '"version":1'), CLOCK, goalLine('one'), CLOCK, goalLine('two')],
      ['one', 'two'],
    ],
  ])('%s', (_name, lines, titles) => {
    const file = join(dir, 'read.jsonl');
    writeFileSync(file, lines.join('\n'));
    const state = readStateFile(file) as { counters: unknown; changes: { goals?: Array<{ title: string }> } };
    expect(state.counters).toEqual({ created: { goal: 1 }, seq: 1_000_000_001 });
    expect(state.changes.goals?.map((g) => g.title)).toEqual(titles);
  });

  it.each([
    [
      'a corrupt line before the last',
      [HEADER, '{"t":"goals","r":{"id":"x', CLOCK, ''],
      /line 2 is not valid JSON.*leaves/,
    ],
    [
      'a log cut off before its first batch ends',
      [HEADER, goalLine('lost')],
      /ends before its first complete batch.*leaves/,
    ],
  ])('refuses %s', (_name, lines, message) => {
    const file = join(dir, 'refused.jsonl');
    writeFileSync(file, lines.join('\n'));
    expect(() => readStateFile(file)).toThrow(message);
  });

  it.each([
    ['truncated in its header', (good: string) => good.slice(0, 30)],
    ['corrupt in the middle', (good: string) => good.replace('\n', '\n{oops}\n')],
    ['foreign', () => '{"name": "my-app", "version": "1.0.0"}\n'],
  ])('a file %s is refused with a clear message and left as it was', async (kind, spoil) => {
    const good = join(dir, 'good.jsonl');
    if (!existsSync(good)) {
      const server = await serve(good);
      await api(server)('POST', '/goals', { title: 'Something' });
      await server.close();
      running.splice(0);
    }
    const file = join(dir, `spoiled-${kind.length}.jsonl`);
    const content = spoil(readFileSync(good, 'utf8'));
    writeFileSync(file, content);
    const { code, stderr } = await startOrRefusal(['--state', file]);
    expect(code).toBe(2);
    expect(stderr).toContain(`${file} is not a standin state`);
    expect(stderr).toContain('leaves');
    expect(readFileSync(file, 'utf8')).toBe(content);
    // Nothing stays locked by a start that failed.
    expect(existsSync(`${file}.lock`)).toBe(false);
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
    // A full state is an imported base: the log carries its records, and reads back as the same world.
    const before = await (await api(server)('GET', '/goals?per_page=50')).text();
    await server.close();
    running.splice(0);
    expect(await (await api(await serve(file))('GET', '/goals?per_page=50')).text()).toBe(before);
  });
});
