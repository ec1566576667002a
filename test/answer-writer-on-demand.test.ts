// EC4's writer of Echo answers on demand, as a page has it (answer-writer.browser.ts in place of answer-writer.ts):
// a page's requests that read no answer never load it, a world publishes its answers without it, and the requests
// that may read one (the Echo routes, the digest, the controls, MCP, a kept world's once its clock publishes) load it
// before they go on, answering the same bytes as Node's at hand, with a 503 (never a 500) and the world untouched
// when a page cannot fetch it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './support/memory-storage.js';

type App = typeof import('../src/http/app.js');
type Writer = typeof import('../fixtures/answer-writer.js');

/** How many of the next writer loads fail, as a page offline does. */
const page = { failing: 0, loads: 0 };

/** Node's mock, its writer at hand. */
let nodeApp: App;

beforeAll(async () => {
  nodeApp = await import('../src/http/app.js');
  vi.doMock('../fixtures/echo-answer-body.js', async () => {
    page.loads++;
    if (page.failing > 0) {
      page.failing--;
      throw new Error('Failed to fetch echo-answer-body.js');
    }
    return vi.importActual('../fixtures/echo-answer-body.js');
  });
});

afterAll(() => {
  vi.doUnmock('../fixtures/answer-writer.js');
  vi.doUnmock('../fixtures/echo-answer-body.js');
  vi.resetModules();
});

/** How many pages were loaded: each takes the page's writer module afresh. */
let pages = 0;

/** A page's mock code, loaded afresh: its writer not loaded yet (a mock's module is kept until mocked again). */
async function freshPage(): Promise<{ createMock: App['createMock']; writer: Writer }> {
  const page = `../fixtures/answer-writer.browser.js?page=${++pages}`;
  vi.doMock('../fixtures/answer-writer.js', () => import(/* @vite-ignore */ page) as Promise<Writer>);
  vi.resetModules();
  const { createMock } = await import('../src/http/app.js');
  const writer = await import('../fixtures/answer-writer.js');
  return { createMock, writer };
}

const NOW = '2026-11-20T15:00:00Z';
/** Where a page keeps the world of seed 42 (local-persistence.ts' storageKey). */
const KEY = 'standin:world:42:small';

/** How many answers the kept world holds, each with its body written (none: 0). */
function writtenAnswers(storage: { getItem(key: string): string | null }): number {
  const kept = JSON.parse(storage.getItem(KEY) ?? '{"changes":{}}') as {
    changes: { echoAnswers?: Array<{ body: string }> };
  };
  const answers = kept.changes.echoAnswers ?? [];
  for (const { body } of answers) expect(body).toMatch(/\w/);
  return answers.length;
}

type AnyMock = ReturnType<App['createMock']>;

async function answer(mock: AnyMock, path: string, init: RequestInit = {}) {
  const token = mock.world.store.people.get(mock.world.defaultPersonId)!.tokens.readWrite;
  const res = await mock.app.request(path, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
}

/** The requests of a page that read no Echo answer: the quick start's first and the other API's reads and writes. */
const NO_ANSWER_READ: Array<[string, RequestInit?]> = [
  ['/api/v2/me'],
  ['/api/v2/people'],
  ['/api/v2/teams'],
  ['/api/v2/goals'],
  ['/api/v2/check-ins'],
  ['/api/v2/activities'],
  ['/api/v2/action-items'],
  ['/api/v2/goals', { method: 'POST', body: JSON.stringify({ title: 'Ship the page', private: false }) }],
  ['/api/v2/nope'],
];

describe("EC4's answers' writer on demand", () => {
  it("a page's requests that read no answer never load it, though the clock publishes answers", async () => {
    const { createMock, writer } = await freshPage();
    const mock = createMock({ seed: 42, now: NOW });
    const answers = mock.world.store.table('echoAnswers').size;
    // A week of the world's life on its clock, as a running page's catch-up has it: answers published, none read.
    mock.world.clock.advance(7 * 86_400_000);
    for (const [path, init] of NO_ANSWER_READ) expect((await answer(mock, path, init)).status).toBeLessThan(500);
    expect(mock.world.store.table('echoAnswers').size).toBeGreaterThan(answers);
    expect(writer.answerWriterAtHand()).toBe(false);
    expect(page.loads).toBe(0);
    mock.close();
  });

  // First of the loads: a module's import that failed is imported again, one that came in is kept.
  it('a writer the page cannot fetch is a 503 with Retry-After, the world untouched; the next request loads it', async () => {
    const { createMock, writer } = await freshPage();
    const mock = createMock({ seed: 42, now: NOW });
    const untouched = createMock({ seed: 42, now: NOW });
    const loads = page.loads;
    page.failing = 1;
    const asked = { method: 'POST', body: JSON.stringify({ title: 'Friday wins', prompt: 'What did you ship?' }) };
    const down = await answer(mock, '/api/v2/echo/questions', asked);
    expect([down.status, down.retryAfter]).toEqual([503, '1']);
    expect(JSON.parse(down.body)).toMatchObject({ type: expect.stringContaining('route-unavailable') });
    expect(writer.answerWriterAtHand()).toBe(false);
    const listed = await answer(mock, '/api/v2/echo/questions?per_page=100');
    expect(listed.status).toBe(200);
    expect(listed).toEqual(await answer(untouched, '/api/v2/echo/questions?per_page=100'));
    expect(page.loads).toBe(loads + 2);
    expect(writer.answerWriterAtHand()).toBe(true);
    mock.close();
    untouched.close();
  });

  it('answers the Echo routes, the digest and the state as Node does, the same bytes', async () => {
    const { createMock } = await freshPage();
    const made = { seed: 7, now: NOW };
    const node = nodeApp.createMock(made);
    const mock = createMock(made);
    const question = [...node.world.store.echoQuestions.values()][0]!;
    for (const path of [
      `/api/v2/echo/questions/${question.id}/answers?per_page=100`,
      '/api/v2/digest',
      '/__mock/state?full=true',
    ])
      expect(await answer(mock, path), path).toEqual(await answer(node, path));
    node.close();
    mock.close();
  });

  it('a control loads it (the state it exports reads the answers the clock published)', async () => {
    const { createMock, writer } = await freshPage();
    const mock = createMock({ seed: 1, now: NOW });
    const node = nodeApp.createMock({ seed: 1, now: NOW });
    for (const world of [mock.world, node.world]) world.clock.advance(3 * 86_400_000);
    expect(await answer(mock, '/__mock/state')).toEqual(await answer(node, '/__mock/state'));
    expect(writer.answerWriterAtHand()).toBe(true);
    mock.close();
    node.close();
  });

  it('a mock that keeps its world loads it once its clock publishes answers, which its save exports', async () => {
    const { createMock, writer } = await freshPage();
    const storage = memoryStorage();
    const mock = createMock({ seed: 42, now: NOW, persist: 'local', storage });
    const posted = NO_ANSWER_READ[7]![1];
    // A first visit: nothing published since the world was made, nor due within the hour.
    expect(mock.world.answersOfItsOwnBy(mock.world.now() + 3600)).toBe(false);
    expect((await answer(mock, '/api/v2/goals', posted)).status).toBe(201);
    expect(writer.answerWriterAtHand()).toBe(false);
    expect(storage.getItem(KEY)).not.toBeNull();
    mock.world.clock.advance(2 * 86_400_000);
    expect((await answer(mock, '/api/v2/goals', posted)).status).toBe(201);
    expect(writer.answerWriterAtHand()).toBe(true);
    expect(writtenAnswers(storage)).toBeGreaterThan(0);
    mock.close();
  });

  it('a reload takes its kept world up without the writer, its answers kept written, and loads it for new ones', async () => {
    const storage = memoryStorage();
    const first = (await freshPage()).createMock({ seed: 42, now: NOW, persist: 'local', storage });
    first.world.clock.advance(2 * 86_400_000);
    expect((await answer(first, '/api/v2/goals', NO_ANSWER_READ[7]![1])).status).toBe(201);
    const kept = storage.getItem(KEY);
    const written = writtenAnswers(storage);
    expect(written).toBeGreaterThan(0);
    first.close();
    // The kept world, its clock where it was: taken up and saved again with no answer of its own to write.
    const page = await freshPage();
    const reloaded = page.createMock({ seed: 42, now: NOW, persist: 'local', storage });
    expect((await answer(reloaded, '/api/v2/goals', NO_ANSWER_READ[7]![1])).status).toBe(201);
    expect(page.writer.answerWriterAtHand()).toBe(false);
    expect(storage.getItem(KEY)).not.toBe(kept);
    expect(writtenAnswers(storage)).toBe(written);
    // Its clock on past a weekly Echo's slot: the answers it publishes are written for its save, the writer loaded first.
    reloaded.world.clock.advance(8 * 86_400_000);
    expect((await answer(reloaded, '/api/v2/me')).status).toBe(200);
    expect(page.writer.answerWriterAtHand()).toBe(true);
    expect(writtenAnswers(storage)).toBeGreaterThan(written);
    reloaded.close();
  });

  it('saves an answer its request did not foresee once the writer is in, nothing saved before', async () => {
    const { createMock, writer } = await freshPage();
    const storage = memoryStorage();
    const mock = createMock({ seed: 42, now: NOW, persist: 'local', storage });
    expect((await answer(mock, '/api/v2/me')).status).toBe(200);
    expect(writer.answerWriterAtHand()).toBe(false);
    // The clock publishes after the request's look ahead (a tick, or a request slower than the hour) …
    mock.world.clock.advance(2 * 86_400_000);
    mock.world.catchUp();
    // … and a request's end saves: the writer loads, then the save is made.
    mock.events.emit('request:end', { session: null } as never);
    await vi.waitFor(() => expect(writtenAnswers(storage)).toBeGreaterThan(0));
    expect(writer.answerWriterAtHand()).toBe(true);
    mock.close();
  });
});
