// The request journal: bounded (a long demo never grows it), newest first, filtered, numbered, bodies cut.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { textBytes } from '../domain/approx-bytes.js';
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
    own_read: false,
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

describe('RequestJournal: what it counts, keeps and forgets, exactly', () => {
  const AT = '2026-11-26T12:00:05Z';
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(AT) + 400);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** What an entry weighs by the journal's account: 256 bytes, and each text it keeps (errors read from the body). */
  function cost(record: JournalRecord, errors: Array<{ name: string; message: string }> = []): number {
    let bytes = 256 + textBytes(record.path) + textBytes(AT);
    for (const text of [record.request_body, record.response_body, record.session])
      if (text !== null) bytes += textBytes(text);
    if (record.person) bytes += 64 + textBytes(record.person.id) + textBytes(record.person.name);
    for (const error of errors) bytes += 64 + textBytes(error.name) + textBytes(error.message);
    if (record.decided_by) bytes += 48 + textBytes(record.decided_by.what ?? '');
    return bytes;
  }
  const chars = (n: number, c = 'q') => Buffer.alloc(n, c).toString('latin1');
  const cut = (text: string) => `${text.slice(0, BODY_CHARS)}… (${text.length - BODY_CHARS} more characters)`;
  const note = (text: string) =>
    `(${text.length} characters, no longer kept: the journal keeps the long bodies of its newest requests, up to 4 MiB)`;
  const errors = [
    { in: 'body', name: 'confidence', message: 'must be at most 100' },
    { in: 'query', name: 'per_page', message: 'must be at most 100 (G4)' },
  ];

  it.each<[string, Partial<JournalRecord>, number]>([
    ['a bare request', {}, 0],
    ['a session', { session: 'alice-session' }, 0],
    ['a person', { person: { id: 'p-1', name: 'Ann Lee' } }, 0],
    ['a problem, its errors read out', { status: 422, response_body: JSON.stringify({ status: 422, errors }) }, 2],
    ['a 400, its errors read out', { status: 400, response_body: JSON.stringify({ status: 400, errors }) }, 2],
    ['a 399 whose body has errors: not a problem', { status: 399, response_body: JSON.stringify({ errors }) }, 0],
    ['a success whose body has errors: not a problem', { response_body: JSON.stringify({ errors }) }, 0],
    ['a body one character over what is listed whole, kept whole', { request_body: chars(BODY_CHARS + 1) }, 0],
    ['who decided the answer (MCP6)', { decided_by: { kind: 'rate_limit', rule: 'G14' } }, 0],
    [
      'who decided the answer, and which (MCP6)',
      { decided_by: { kind: 'override', rule: 'MK6', what: 'override-1 (GET /api/v2/me)' } },
      0,
    ],
  ])('counts %s as its texts weigh, stamped with the second it came', (_, fields, errorCount) => {
    const journal = new RequestJournal();
    const record = entry(7, fields);
    journal.record(record);
    const listed = journal.list()[0]!;
    expect(listed.at).toBe(AT);
    expect(listed.errors).toEqual(errorCount === 0 ? null : errors);
    expect(journal.bytes).toBe(cost(record, errors.slice(0, errorCount)));
    const long = (fields.request_body?.length ?? 0) > BODY_CHARS ? 1 : 0;
    expect(journal.heldEntries).toBe(1 + long);
    expect(listed.request_body).toBe(long ? cut(record.request_body!) : record.request_body);
  });

  it('stamps each entry with the second it came in', () => {
    const journal = new RequestJournal();
    journal.record(entry(1));
    vi.setSystemTime(Date.parse(AT) + 999);
    journal.record(entry(2));
    vi.setSystemTime(Date.parse(AT) + 1000);
    journal.record(entry(3));
    expect(journal.list().map((e) => e.at)).toEqual(['2026-11-26T12:00:06Z', AT, AT]);
  });

  it('lists a body of BODY_CHARS characters whole, and the newest entry as the list gives it', () => {
    const journal = new RequestJournal();
    expect(journal.latest()).toBeUndefined();
    journal.record(entry(1, { response_body: chars(BODY_CHARS) }));
    expect(journal.list()[0]!.response_body).toBe(chars(BODY_CHARS));
    journal.record(entry(2, { request_body: chars(BODY_CHARS + 3, 'r'), response_body: chars(BODY_CHARS + 2) }));
    expect(journal.latest()).toEqual(journal.list()[0]);
    expect(journal.latest()!.request_body).toBe(cut(chars(BODY_CHARS + 3, 'r')));
  });

  it.each(['request_body', 'response_body'] as const)(
    'keeps a %s of LONG_BODIES_BYTES whole, and cuts one over it at once',
    (field) => {
      const journal = new RequestJournal();
      const whole = chars((LONG_BODIES_BYTES - 32) / 2);
      const first = entry(1, { [field]: whole });
      journal.record(first);
      expect(journal.bytes).toBe(cost(first));
      expect(journal.heldEntries).toBe(2);
      const over = chars(whole.length + 1, 'o');
      journal.record(entry(2, { [field]: over }));
      // The first is forgotten only if the second is counted whole.
      const [second, kept] = journal.list();
      expect(second![field]).toBe(cut(over));
      expect(kept![field]).toBe(cut(whole));
      expect(journal.bytes).toBe(cost(first) + cost(entry(2, { [field]: cut(over) })));
    },
  );

  it('keeps long bodies adding up to LONG_BODIES_BYTES whole; one more forgets the oldest', () => {
    const journal = new RequestJournal();
    const half = chars((LONG_BODIES_BYTES / 2 - 32) / 2);
    journal.record(entry(1, { response_body: half }));
    journal.record(entry(2, { response_body: half }));
    expect(journal.list().map((e) => e.response_body)).toEqual([cut(half), cut(half)]);
    journal.record(entry(3, { response_body: chars(BODY_CHARS + 1) }));
    expect(journal.list().map((e) => e.response_body)).toEqual([cut(chars(BODY_CHARS + 1)), cut(half), note(half)]);
  });

  it('keeps at most maxBytes: entries that weigh exactly that are all kept; one more drops the oldest', () => {
    const weight = cost(entry(1));
    const journal = new RequestJournal(1000, 2 * weight);
    journal.record(entry(1));
    journal.record(entry(2));
    expect(journal.list().map((e) => e.path)).toEqual(['/api/v2/goals/2', '/api/v2/goals/1']);
    journal.record(entry(3));
    expect(journal.list().map((e) => e.path)).toEqual(['/api/v2/goals/3', '/api/v2/goals/2']);
    expect(journal.bytes).toBe(2 * weight);
  });

  it('a journal smaller than one entry keeps none, and fails nothing', () => {
    const journal = new RequestJournal(1000, 10);
    journal.record(entry(1));
    journal.record(entry(2));
    expect(journal.list()).toEqual([]);
    expect(journal.latest()).toBeUndefined();
    expect(journal.bytes).toBe(0);
  });

  it('clears dropped slots away once more than `capacity` of them gather, not on every request', () => {
    const journal = new RequestJournal(3);
    for (let i = 1; i <= 6; i++) journal.record(entry(i));
    expect(journal.heldEntries).toBe(6);
    journal.record(entry(7));
    expect(journal.heldEntries).toBe(3);
    expect(journal.list().map((e) => e.seq)).toEqual([7, 6, 5]);
  });

  it('gives one entry by seq (MCP6), before and after dropped slots are cleared, and none it no longer holds', () => {
    const journal = new RequestJournal(3);
    expect(journal.get(1)).toBeUndefined();
    const asked = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1.5];
    const held = () => asked.map((seq) => journal.get(seq)?.path ?? null);
    const only = (seqs: number[]) => asked.map((seq) => (seqs.includes(seq) ? `/api/v2/goals/${seq}` : null));
    for (let i = 1; i <= 6; i++) journal.record(entry(i));
    // The slots of 1 to 3 are emptied but still there.
    expect(held()).toEqual(only([4, 5, 6]));
    journal.record(entry(7));
    journal.record(entry(8, { decided_by: { kind: 'rate_limit', rule: 'G14' } }));
    // Cleared away: the oldest is at the start of the array now.
    expect(held()).toEqual(only([6, 7, 8]));
    expect(journal.get(8)).toEqual(journal.list()[0]);
    expect(journal.get(8)?.decided_by).toEqual({ kind: 'rate_limit', rule: 'G14' });
    expect(journal.get(7)).not.toHaveProperty('decided_by');
  });

  it('forgets the oldest long body: a long request becomes a note, a short answer stays, and the weight follows', () => {
    const journal = new RequestJournal();
    const long = chars(900_000);
    const first = entry(1, { request_body: long, response_body: 'ok' });
    const second = entry(2, { response_body: long });
    const third = entry(3, { request_body: long });
    for (const record of [first, second, third]) journal.record(record);
    const [c, b, a] = journal.list();
    expect([a!.request_body, a!.response_body]).toEqual([note(long), 'ok']);
    expect([b!.request_body, b!.response_body]).toEqual([null, cut(long)]);
    expect([c!.request_body, c!.response_body]).toEqual([cut(long), null]);
    expect(journal.bytes).toBe(cost({ ...first, request_body: note(long) }) + cost(second) + cost(third));
  });

  it('passes over an entry dropped from the journal when it forgets long bodies, counting it for nothing', () => {
    const journal = new RequestJournal(2);
    const big = chars(3 * 2 ** 19);
    journal.record(entry(1, { response_body: big }));
    journal.record(entry(2));
    journal.record(entry(3));
    const fourth = entry(4, { response_body: big });
    const fifth = entry(5, { response_body: big });
    journal.record(fourth);
    journal.record(fifth);
    expect(journal.list().map((e) => e.response_body)).toEqual([cut(big), note(big)]);
    expect(journal.bytes).toBe(cost({ ...fourth, response_body: note(big) }) + cost(fifth));
  });

  it('keeps forgetting the oldest long bodies in order after dropped entries were cleared from its list', () => {
    const journal = new RequestJournal(3);
    const small = chars(5000);
    for (let i = 1; i <= 4; i++) journal.record(entry(i, { response_body: small }));
    // The long bodies' list was cleared of the dropped first entry; the next long body forgets the oldest first.
    const large = chars((LONG_BODIES_BYTES - 32) / 2 - 40);
    journal.record(entry(5, { response_body: large }));
    expect(journal.list().map((e) => e.response_body)).toEqual([cut(large), note(small), note(small)]);
  });

  it.each<[string, number, Array<'long' | 'short' | 'huge'>, number]>([
    // A dropped long entry stays in the long list until more than `capacity` gather there.
    ['a long entry dropped by short ones', 3, ['long', 'short', 'short', 'short'], 4 + 1],
    ['long entries, one dropped, exactly `capacity` in the long list', 3, ['long', 'long', 'long', 'short'], 4 + 3],
    [
      'long entries, one dropped, one more than `capacity` in the long list',
      3,
      ['long', 'long', 'long', 'long'],
      4 + 3,
    ],
    // Forgotten long bodies leave their slots empty before #longHead: cleared with the rest.
    ['huge bodies forgetting each other', 3, ['huge', 'huge', 'huge'], 3 + 3],
  ])('holds its entries and long list as it should: %s', (_, capacity, kinds, held) => {
    const journal = new RequestJournal(capacity);
    const bodies = { long: chars(5000), short: 'ok', huge: chars(3 * 2 ** 19) };
    kinds.forEach((kind, i) => journal.record(entry(i, { response_body: bodies[kind] })));
    expect(journal.heldEntries).toBe(held);
  });
});
