// The process's generated bases: one base per seed, size, instant and token key, the most recently used kept
// within a total of bytes, whether generated at once or kept once a reset generated it over turns.
import { describe, expect, it } from 'vitest';
import { worldWriter, generateWorld } from '../../fixtures/index.js';
import { WorldBase } from '../domain/world-base.js';
import { GeneratedBases, type GeneratedBaseKey } from './generated-bases.js';

const NOW = Date.parse('2026-11-20T15:00:00Z') / 1000;
const MiB = 2 ** 20;

function key(seed: number, tokenKey?: string): GeneratedBaseKey {
  return { seed, size: 'small', generatedAt: NOW, tokenKey };
}

/** A cache of `maxBytes` and what it generated, in order. */
function cacheOf(maxBytes: number) {
  const generated: string[] = [];
  const bases = new GeneratedBases(maxBytes);
  const get = (k: GeneratedBaseKey, bytes = 4 * MiB) =>
    bases.get(k, bytes, () => {
      generated.push(`${k.seed}/${k.tokenKey ?? '-'}`);
      const contents = generateWorld({ seed: k.seed, size: k.size, now: k.generatedAt, tokenKey: k.tokenKey });
      return new WorldBase(contents, worldWriter, 'generated');
    });
  return { bases, get, generated };
}

describe('GeneratedBases', () => {
  it('generates a base once for the same seed, size, instant and token key, and again for any other', () => {
    const { get, generated } = cacheOf(64 * MiB);
    const first = get(key(42));
    expect(get(key(42))).toBe(first);
    expect(get(key(42, 'secret'))).not.toBe(first);
    expect(get(key(7))).not.toBe(first);
    expect(get({ ...key(42), generatedAt: NOW + 1 })).not.toBe(first);
    // A token key is never read as another key's part, whatever its characters.
    expect(get(key(42, 'null'))).not.toBe(get(key(42)));
    expect(generated).toEqual(['42/-', '42/secret', '7/-', '42/-', '42/null']);
  });

  it('keeps the most recently used within its bytes, and never a base larger than them', () => {
    const { bases, get, generated } = cacheOf(8 * MiB);
    const a = get(key(1));
    get(key(2));
    expect(get(key(1))).toBe(a); // 1 is now the most recently used: 2 goes first
    get(key(3));
    expect(bases.bytes).toBe(8 * MiB);
    expect(get(key(1))).toBe(a);
    get(key(2));
    expect(generated).toEqual(['1/-', '2/-', '3/-', '2/-']);
    // One over the whole total is handed out, and neither kept nor makes room.
    const large = get(key(4), 9 * MiB);
    expect(get(key(4), 9 * MiB)).not.toBe(large);
    expect(get(key(1))).toBe(a);
    expect(bases.bytes).toBe(8 * MiB);
  });

  it('keeps a base generated elsewhere (a reset, over turns), or hands back the one kept for that key meanwhile', () => {
    const { bases, get } = cacheOf(64 * MiB);
    expect(bases.kept(key(5))).toBeUndefined();
    const made = (seed: number) =>
      new WorldBase(generateWorld({ seed, size: 'small', now: NOW }), worldWriter, 'generated');
    const five = made(5);
    expect(bases.keep(key(5), five, 4 * MiB)).toBe(five);
    expect(bases.kept(key(5))).toBe(five);
    expect(get(key(5))).toBe(five);
    // Two resets of two mocks generated the same base at once: the second keeps the first's.
    expect(bases.keep(key(5), made(5), 4 * MiB)).toBe(five);
    expect(bases.bytes).toBe(4 * MiB);
    // One over the whole total is handed back, not kept.
    const six = made(6);
    expect(bases.keep(key(6), six, 65 * MiB)).toBe(six);
    expect(bases.kept(key(6))).toBeUndefined();
  });
});
