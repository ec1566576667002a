// The request journal: bounded (a long demo never grows it), newest first, filtered, numbered, bodies cut.
import { describe, expect, it } from 'vitest';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { BODY_CHARS, LONG_BODIES_BYTES, RequestJournal, type JournalRecord } from './request-journal.js';

/** A full garbage collection, for a test that reads what the heap keeps. */
function collect(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function entry(i: number, overrides: Partial<JournalRecord> = {}): JournalRecord {
  return {
    method: 'GET',
    path: `/api/v2/goals/${i}`,
    status: 200,
    duration_ms: 1,
    session: null,
    person: null,
    request_body: null,
    response_body: null,
    override: null,
    ...overrides,
  };
}

describe('RequestJournal', () => {
  it('keeps the last `capacity` entries, newest first, however many were recorded', () => {
    const journal = new RequestJournal(1000);
    for (let i = 0; i < 2_500; i++) journal.record(entry(i));
    const all = journal.list({ limit: 5_000 });
    expect(all).toHaveLength(1000);
    expect(all[0]?.path).toBe('/api/v2/goals/2499');
    expect(all.at(-1)?.path).toBe('/api/v2/goals/1500');
  });

  it('filters by method, status, session and path prefix, and limits (100 by default)', () => {
    const journal = new RequestJournal(50);
    for (let i = 0; i < 200; i++) {
      journal.record(
        entry(i, {
          method: i % 2 ? 'PATCH' : 'GET',
          status: i % 3 ? 200 : 422,
          session: i % 5 ? null : 'w1',
          path: i % 7 ? `/api/v2/goals/${i}` : `/api/v2/me/${i}`,
        }),
      );
    }
    expect(journal.list()).toHaveLength(50);
    const patched = journal.list({ method: 'patch', status: 422 });
    // Of the last 50 (150–199): odd i with i % 3 == 0, i.e. 153, 159, …, 195.
    expect(patched.map((e) => e.path)).toEqual(
      [195, 189, 183, 177, 171, 165, 159, 153].map((i) => (i % 7 ? `/api/v2/goals/${i}` : `/api/v2/me/${i}`)),
    );
    expect(journal.list({ session: 'w1' }).map((e) => e.seq)).toEqual([
      196, 191, 186, 181, 176, 171, 166, 161, 156, 151,
    ]);
    expect(journal.list({ path: '/api/v2/me' }).map((e) => e.path)).toEqual([
      '/api/v2/me/196',
      '/api/v2/me/189',
      '/api/v2/me/182',
      '/api/v2/me/175',
      '/api/v2/me/168',
      '/api/v2/me/161',
      '/api/v2/me/154',
    ]);
    expect(journal.list({ limit: 3 })).toHaveLength(3);
  });

  it('numbers entries so that `after` gives what is new, cuts long bodies, and reads the errors of a problem', () => {
    const journal = new RequestJournal(10);
    const problem = JSON.stringify({ status: 422, errors: [{ in: 'body', name: 'confidence', message: 'too high' }] });
    journal.record(entry(1, { status: 422, request_body: '{"confidence":150}', response_body: problem }));
    const seen = journal.last;
    journal.record(entry(2, { response_body: 'x'.repeat(BODY_CHARS + 10) }));
    journal.record(entry(3, { status: 500, response_body: 'not json' }));
    const [third, second, first] = journal.list();
    expect([first?.seq, second?.seq, third?.seq]).toEqual([seen, seen + 1, seen + 2]);
    expect(journal.list({ after: seen }).map((e) => e.path)).toEqual(['/api/v2/goals/3', '/api/v2/goals/2']);
    expect(first?.errors).toEqual([{ in: 'body', name: 'confidence', message: 'too high' }]);
    expect(first?.request_body).toBe('{"confidence":150}');
    expect(second?.response_body).toBe(`${'x'.repeat(BODY_CHARS)}… (10 more characters)`);
    expect(second?.errors).toBeNull();
    expect(third?.errors).toBeNull();
  });

  it('holds at most its bytes whatever the bodies weigh, and long bodies whole for its newest entries only', () => {
    const journal = new RequestJournal(1000, 256 * 1024);
    collect();
    const before = getHeapStatistics().used_heap_size;
    // 2,000 requests answered with 300 KB bodies (600 MB if kept), then 20 with 4 MiB ones (each alone over
    // what long bodies may take: cut at once).
    for (let i = 0; i < 2000; i++) {
      // A string of its own each time ('z'.repeat shares its parts, and would cost next to nothing to keep).
      const body = Buffer.alloc(300_000, 97 + (i % 26)).toString('latin1');
      journal.record(entry(i, { request_body: body, response_body: body }));
    }
    for (let i = 2000; i < 2020; i++) {
      journal.record(entry(i, { response_body: `${i}:${Buffer.alloc(2 ** 22, 'w').toString('latin1')}` }));
    }
    collect();
    expect(journal.bytes).toBeLessThanOrEqual(256 * 1024);
    expect(journal.heldEntries).toBeLessThanOrEqual(3 * journal.capacity + 2);
    expect(getHeapStatistics().used_heap_size - before).toBeLessThan(LONG_BODIES_BYTES + 4 * 2 ** 20);
    const newest = journal.list({ limit: 1000 });
    expect(newest[0]?.response_body).toBe(
      `2019:${'w'.repeat(BODY_CHARS - 5)}… (${2 ** 22 + 5 - BODY_CHARS} more characters)`,
    );
  });

  it('keeps the long bodies of its newest entries whole within LONG_BODIES_BYTES, and notes the length of older ones', () => {
    const journal = new RequestJournal();
    const long = 'y'.repeat(400_000);
    for (let i = 0; i < 20; i++) journal.record(entry(i, { request_body: '{"short":true}', response_body: long }));
    const listed = journal.list({ limit: 20 });
    const kept = Math.floor(LONG_BODIES_BYTES / (2 * long.length + 32));
    expect(listed.slice(0, kept).map((e) => e.response_body)).toEqual(
      Array<string>(kept).fill(`${'y'.repeat(BODY_CHARS)}… (${long.length - BODY_CHARS} more characters)`),
    );
    expect(listed[kept]?.response_body).toBe(
      `(${long.length} characters, no longer kept: the journal keeps the long bodies of its newest requests, up to 4 MiB)`,
    );
    expect(listed.at(-1)?.request_body).toBe('{"short":true}');
  });

  it('with `after` gives the entries right after it, oldest pages first, so a reader paging forward misses none', () => {
    const journal = new RequestJournal(50);
    for (let i = 1; i <= 10; i++) journal.record(entry(i));
    const first = journal.list({ after: 0, limit: 4 });
    expect(first.map((e) => e.seq)).toEqual([4, 3, 2, 1]);
    const second = journal.list({ after: 4, limit: 4 });
    expect(second.map((e) => e.seq)).toEqual([8, 7, 6, 5]);
    expect(journal.list({ limit: 4 }).map((e) => e.seq)).toEqual([10, 9, 8, 7]);
  });
});
