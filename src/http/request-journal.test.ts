// The request journal: bounded (a long demo never grows it), newest first, filtered.
import { describe, expect, it } from 'vitest';
import { RequestJournal, type JournalEntry } from './request-journal.js';

function entry(i: number, overrides: Partial<JournalEntry> = {}): JournalEntry {
  return {
    at: '2026-11-20T15:00:00Z',
    method: 'GET',
    path: `/api/v2/goals/${i}`,
    status: 200,
    duration_ms: 1,
    session: null,
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
});
