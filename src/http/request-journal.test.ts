// The request journal: bounded (a long demo never grows it), newest first, filtered, numbered, bodies cut.
import { describe, expect, it } from 'vitest';
import { BODY_CHARS, LONG_BODIES_KEPT, RequestJournal, type JournalRecord } from './request-journal.js';

function entry(i: number, overrides: Partial<JournalRecord> = {}): JournalRecord {
  return {
    at: '2026-11-20T15:00:00Z',
    method: 'GET',
    path: `/api/v2/goals/${i}`,
    status: 200,
    duration_ms: 1,
    session: null,
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
    expect(patched.length).toBeGreaterThan(0);
    expect(patched.every((e) => e.method === 'PATCH' && e.status === 422)).toBe(true);
    expect(journal.list({ session: 'w1' }).every((e) => e.session === 'w1')).toBe(true);
    expect(journal.list({ path: '/api/v2/me' }).every((e) => e.path.startsWith('/api/v2/me'))).toBe(true);
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

  it('keeps long bodies whole only for its newest entries, and short ones for as long as the entry', () => {
    const journal = new RequestJournal(LONG_BODIES_KEPT * 2);
    const long = 'y'.repeat(BODY_CHARS * 2);
    journal.record(entry(0, { request_body: '{"short":true}', response_body: long }));
    for (let i = 1; i < LONG_BODIES_KEPT; i++) journal.record(entry(i));
    expect(journal.list({ limit: 1000 }).at(-1)?.response_body).toMatch(/more characters\)$/);
    journal.record(entry(LONG_BODIES_KEPT));
    const oldest = journal.list({ limit: 1000 }).at(-1);
    expect(oldest?.response_body).toBe(
      `(${long.length} characters, no longer kept: the journal keeps the long bodies of its newest ${LONG_BODIES_KEPT} requests)`,
    );
    expect(oldest?.request_body).toBe('{"short":true}');
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
