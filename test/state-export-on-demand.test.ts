// A page loads the state's export (world-state.js) that persist: 'local' saves with only when a save needs it
// (local-persistence.ts): a first visit's reads never do; its first write waits for it before it starts, so that
// the write is kept before its answer, and a chunk the page could not fetch is that write's 503 with nothing
// changed; a change no write made (a read's catch-up) is saved once the export is in, unless another tab saved
// meanwhile. Here keepLocally runs with Node's code but for an export loaded as a test says.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mock } from '../src/http/app.js';
import { storageKey } from '../src/runtime/local-persistence.js';
import { memoryStorage } from './support/memory-storage.js';

/** The export's loads asked for, how many of the next fail, and what a load waits for before it is in. */
const exporter = { loads: 0, failing: 0, loaded: false, gate: Promise.resolve() };
let createMock: typeof import('../src/http/app.js').createMock;

beforeAll(async () => {
  vi.doMock('../src/runtime/persistence-module.js', async () => {
    const [{ keepLocally }, { exportState }, checks, writer] = await Promise.all([
      import('../src/runtime/local-persistence.js'),
      import('../src/domain/world-state.js'),
      import('../src/spec/compiled-spec.js'),
      import('../fixtures/answer-writer.js'),
    ]);
    return {
      persistLocally: (mock: Mock, storage: Storage) =>
        keepLocally(mock, storage, {
          restoreAtHand: checks.worldChecksAtHand,
          loadRestore: checks.loadWorldChecks,
          exportAtHand: () => (exporter.loaded ? exportState : null),
          loadExport: () => {
            exporter.loads++;
            if (exporter.failing > 0) {
              exporter.failing--;
              return Promise.reject(new Error('Failed to fetch world-state.js'));
            }
            return exporter.gate.then(() => void (exporter.loaded = true));
          },
          answerWriterAtHand: writer.answerWriterAtHand,
          loadAnswerWriter: writer.loadAnswerWriter,
        }),
    };
  });
  vi.resetModules();
  ({ createMock } = await import('../src/http/app.js'));
});

afterAll(() => {
  vi.doUnmock('../src/runtime/persistence-module.js');
  vi.resetModules();
});

beforeEach(() => {
  Object.assign(exporter, { loads: 0, failing: 0, loaded: false, gate: Promise.resolve() });
});

const NOW = '2026-11-20T15:00:00Z';

/** A first visit's mock (nothing kept), its default person's headers, and a goal update's POST. */
function firstVisit() {
  const storage = memoryStorage();
  const mock = createMock({ now: NOW, persist: 'local', storage });
  const token = mock.world.store.people.get(mock.world.defaultPersonId)!.tokens.readWrite;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const goal = mock.world.store.goalsOfPerson(mock.world.defaultPersonId)[0]!;
  const post = (title: string) =>
    mock.app.request(`/api/v2/goals/${goal.id}/goal-updates`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title }),
    });
  return { storage, mock, headers, post, key: storageKey(mock) };
}

describe("persist: 'local''s state export, on demand", () => {
  it("a first visit's reads load no export; its first write waits for it and is kept before its answer", async () => {
    const { storage, mock, headers, post, key } = firstVisit();
    expect((await mock.app.request('/api/v2/me', { headers })).status).toBe(200);
    expect((await mock.app.request('/api/v2/goals', { headers })).status).toBe(200);
    expect([exporter.loads, storage.getItem(key)]).toEqual([0, null]);
    // A load that takes a while, as a chunk fetched does: the write waits for it, unanswered, nothing saved.
    let open = () => undefined as void;
    exporter.gate = new Promise<void>((resolve) => (open = resolve));
    let answered = false;
    const posting = Promise.resolve(post('Kept before its answer')).then((response) => ((answered = true), response));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([answered, storage.getItem(key)]).toEqual([false, null]);
    open();
    expect((await posting).status).toBe(201);
    expect(exporter.loads).toBe(1);
    expect(storage.getItem(key)).toContain('Kept before its answer');
    // Loaded: the next write loads nothing more.
    expect((await post('And the next')).status).toBe(201);
    expect(exporter.loads).toBe(1);
    mock.close();
  });

  it("a failed load is the write's 503, nothing changed; the next write loads it again", async () => {
    const { storage, mock, post, key } = firstVisit();
    const updates = mock.world.store.goalUpdates.size;
    exporter.failing = 1;
    const offline = await post('Not yet');
    expect([offline.status, offline.headers.get('retry-after')]).toEqual([503, '1']);
    expect(((await offline.json()) as { detail: string }).detail).toBe(
      "The world kept in this page's localStorage could not be checked or saved: the code that does it did not load (Failed to fetch world-state.js); send the request again, which loads it again.",
    );
    expect([mock.world.store.goalUpdates.size, storage.getItem(key)]).toEqual([updates, null]);
    expect((await post('Kept on the second try')).status).toBe(201);
    expect(exporter.loads).toBe(2);
    expect(storage.getItem(key)).toContain('Kept on the second try');
    mock.close();
  });

  it('a change no write made is saved once the export is in, unless another tab saved meanwhile', async () => {
    for (const overtaken of [false, true]) {
      let open = () => undefined as void;
      exporter.gate = new Promise<void>((resolve) => (open = resolve));
      exporter.loaded = false;
      const { storage, mock, headers, key } = firstVisit();
      // What a read's catch-up tells, as the clock's publishing does.
      mock.events.emit('clock:moved', { session: null, world: mock.world });
      expect((await mock.app.request('/api/v2/me', { headers })).status).toBe(200);
      expect(storage.getItem(key)).toBeNull();
      if (overtaken) {
        storage.setItem(key, 'another tab’s world');
        storage.setItem(`${key}:generation`, 'another-tab:1');
      }
      open();
      await exporter.gate;
      await Promise.resolve();
      expect(storage.getItem(key)?.startsWith('{"format":"standin-world"') ?? false).toBe(!overtaken);
      mock.close();
    }
  });
});
