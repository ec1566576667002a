// The render cache: a record's text is reused while what it was made from is the same, made again when not,
// and bounded; hashes tell texts and lists apart.
import { describe, expect, it } from 'vitest';
import { textBytes } from '../domain/approx-bytes.js';
import { hashList, hashText, ListCache, RenderCache, Rendered } from './rendered.js';

describe('RenderCache', () => {
  it('renders a record once while its dependencies are the same objects, and again when one differs', () => {
    const cache = new RenderCache();
    const record = { id: 'a' };
    const latest = { progress: 10 };
    let made = 0;
    const present = () => ({ id: record.id, made: ++made });
    const first = cache.get(record, [latest, true], present);
    expect(cache.get(record, [latest, true], present)).toBe(first);
    expect(made).toBe(1);
    // An equal but other object is another dependency: records are never changed in place.
    const second = cache.get(record, [{ progress: 10 }, true], present);
    expect(second).not.toBe(first);
    expect(JSON.parse(second.json)).toEqual({ id: 'a', made: 2 });
    expect(cache.get(record, [{ progress: 10 }, false], present).json).toBe('{"id":"a","made":3}');
    expect(cache.get(record, [], present).json).toBe('{"id":"a","made":4}');
  });

  it('holds at most its capacity in bytes, dropping the oldest records first', () => {
    // Each text below is one digit long: `{"n":0}` is 7 characters, 2 × 7 + 32 = 46 bytes.
    const each = textBytes('{"n":0}');
    // Room for three and a half: over it, down to an eighth below (140 bytes) drops one text of 46.
    const cache = new RenderCache(3.5 * each);
    const [r0, r1, r2, r3] = [{ n: 0 }, { n: 1 }, { n: 2 }, { n: 3 }];
    const [, first, second, last] = [r0, r1, r2, r3].map((r) => cache.get(r, [], () => r));
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(3 * each);
    expect(cache.get(r3, [], () => 'again')).toBe(last);
    expect(cache.get(r1, [], () => 'again')).toBe(first);
    // r0 went first; rendered again ("again" is 7 characters with its quotes), it pushes out r1, now the
    // oldest (a hit does not make an entry younger).
    expect(cache.get(r0, [], () => 'again').json).toBe('"again"');
    expect(cache.size).toBe(3);
    expect(cache.get(r2, [], () => 'again')).toBe(second);
    expect(cache.get(r1, [], () => 'again').json).toBe('"again"');
  });

  it('once full, drops its oldest eighth in one go: the inserts after it drop nothing', () => {
    const each = textBytes('{"n":0}');
    const cache = new RenderCache(16 * each);
    const records = Array.from({ length: 20 }, (_, n) => ({ n: n % 10 }));
    const rendered = records.slice(0, 16).map((r) => cache.get(r, [], () => r));
    expect(cache.size).toBe(16);
    // The 17th goes over: down to 14 entries (16 − 16 / 8), the three oldest gone at once.
    cache.get(records[16]!, [], () => records[16]);
    expect(cache.size).toBe(14);
    expect(cache.bytes).toBe(14 * each);
    cache.get(records[17]!, [], () => records[17]);
    cache.get(records[18]!, [], () => records[18]);
    expect(cache.size).toBe(16);
    expect(cache.get(records[3]!, [], () => 'again')).toBe(rendered[3]);
    expect(cache.get(records[2]!, [], () => 'again').json).toBe('"again"');
  });

  it('keeps within its bytes whatever one text weighs: a text over the capacity is made and not kept', () => {
    const cache = new RenderCache(1024);
    const huge = cache.get({ id: 'huge' }, [], () => 'x'.repeat(4096));
    expect(huge.json.length).toBe(4098);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});

describe('ListCache', () => {
  it('gives a list asked again with the very same records its text already made, and makes it anew otherwise', () => {
    const cache = new ListCache(2);
    const [a, b, c] = [Rendered.of({ a: 1 }), Rendered.of({ b: 2 }), Rendered.of('c')];
    const first = cache.get('/goals', [a, b]);
    expect(first.json).toBe('[{"a":1},{"b":2}]');
    expect(first.json).toBe(JSON.stringify([{ a: 1 }, { b: 2 }]));
    expect(first.hash).toBe(hashList([a, b]));
    expect(first.etag).toBe(`W/"${hashList([a, b]).toString(36)}"`);
    expect(cache.get('/goals', [a, b])).toBe(first);
    // An equal text from another record object is another record: made anew.
    expect(cache.get('/goals', [a, Rendered.of({ b: 2 })])).not.toBe(first);
    const short = cache.get('/goals', [a]);
    expect(short.json).toBe('[{"a":1}]');
    expect(cache.get('/empty', []).json).toBe('[]');
    // Two keys at most: a third pushes out the oldest, '/goals', which is then made anew.
    cache.get('/third', [c]);
    expect(cache.get('/goals', [a])).not.toBe(short);
    expect(cache.get('/goals', [a]).json).toBe(short.json);
  });

  it('holds at most its bytes, keys included: the oldest lists go, and one over a quarter is never kept', () => {
    const page = Array.from({ length: 50 }, (_, i) => Rendered.of({ i, description: 'x'.repeat(1000) }));
    const one = textBytes(`[${page.map((r) => r.json).join(',')}]`);
    const cache = new ListCache(256, 4 * one + 4096 * 8);
    for (let n = 0; n < 20; n++) cache.get(`/goals?per_page=50&n=${n}`, page);
    expect(cache.bytes).toBeGreaterThan(0);
    expect(cache.bytes).toBeLessThanOrEqual(cache.capacityBytes);
    // The newest is kept and answers with the text it made; the first is gone and made anew.
    const newest = cache.get('/goals?per_page=50&n=19', page);
    expect(cache.get('/goals?per_page=50&n=19', page)).toBe(newest);
    const tiny = new ListCache(256, one);
    const made = tiny.get('/goals', page);
    expect(tiny.bytes).toBe(0);
    expect(tiny.get('/goals', page)).not.toBe(made);
  });
});

describe('hashes', () => {
  it('hashText is a stable 53-bit number that tells near texts apart', () => {
    expect(hashText('{"a":1}')).toBe(hashText('{"a":1}'));
    const hashes = new Set(['{"a":1}', '{"a":2}', '{"b":1}', '', ' ', 'é', 'e\u0301'].map((t) => hashText(t)));
    expect(hashes.size).toBe(7);
    for (const hash of hashes) expect(Number.isSafeInteger(hash) && hash >= 0).toBe(true);
  });

  it('hashList depends on every item, their order and their count', () => {
    const [a, b, c] = [Rendered.of('a'), Rendered.of('b'), Rendered.of('c')];
    const lists = [[], [a], [a, b], [b, a], [a, b, c], [a, a], [a, c]];
    expect(new Set(lists.map(hashList)).size).toBe(lists.length);
    expect(hashList([a, b])).toBe(hashList([Rendered.of('a'), Rendered.of('b')]));
  });
});
