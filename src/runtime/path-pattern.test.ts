// Path patterns of overrides and fault rules (MK6): what `*` matches, the same answers as the anchored regular
// expression they once were (on inputs short enough for it), and the work of one match, counted in steps,
// bounded by the path's length for the patterns that made the regular expression backtrack for hours.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PathPattern } from './path-pattern.js';

/** The meaning patterns had as regular expressions (`*` as `.*`, with `s` so that it spans line breaks too). */
function asRegExp(pattern: string): RegExp {
  const literal = (part: string) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${pattern.split('*').map(literal).join('.*')}$`, 's');
}

describe('PathPattern: what `*` matches', () => {
  it.each([
    ['/api/v2/me', '/api/v2/me', true],
    ['/api/v2/me', '/api/v2/me/', false],
    ['/api/v2/me', '/api/v2/m', false],
    ['/api/v2/goals*', '/api/v2/goals', true],
    ['/api/v2/goals*', '/api/v2/goals/3f/goal-updates', true],
    ['/api/v2/goals/*', '/api/v2/goals', false],
    ['/api/v2/goals/*/goal-updates', '/api/v2/goals/3f/goal-updates', true],
    ['/api/v2/goals/*/goal-updates', '/api/v2/goals/3f/goal-updates/1', false],
    ['*/goal-updates', '/api/v2/goals/3f/goal-updates', true],
    ['*', '', true],
    ['**', '/anything', true],
    ['/a*b*c', '/abc', true],
    ['/a*b*c', '/acb', false],
    // The middle literal may not reuse the characters of the suffix: `/ab` has no room for a `b` and then `b`.
    ['/a*b*b', '/ab', false],
    ['/a*b*b', '/abb', true],
    ['/a*aa*a', '/aaa', false],
    ['/a*aa*a', '/aaaa', true],
    // Characters a regular expression gives meaning to are themselves here.
    ['/api/v2/goals.json', '/api/v2/goalsXjson', false],
    ['/api/v2/(a|b)+', '/api/v2/(a|b)+', true],
    ['/api/v2/*', '/api/v2/line\nbreak', true],
    // A middle literal must end before the suffix starts, and be there at all.
    ['*a*ab', 'bab', false],
    ['*c*ab', 'xab', false],
    ['*a*ab', 'aab', true],
    // KMP's fall backs: `aab` matched, then `a` where `b` was due: the border of `aab` is empty, not `a`.
    ['*aabb*', 'aababb', false],
    // `aabaaa` fails on `b`: it falls back to `aa` (a border of a border), not to nothing.
    ['*aabaaaa*', 'aabaaabaaaa', true],
  ])('%j against %j: %s', (pattern, path, expected) => {
    expect(new PathPattern(pattern).matches(path)).toBe(expected);
  });

  it('answers as the regular expression did, for any pattern and path over a small alphabet', () => {
    const text = (maxLength: number) => fc.string({ unit: fc.constantFrom('a', 'b', '/', '*', '.'), maxLength });
    fc.assert(
      fc.property(text(12), text(16), (pattern, rawPath) => {
        const path = rawPath.replaceAll('*', 'a');
        expect(new PathPattern(pattern).matches(path)).toBe(asRegExp(pattern).test(path));
      }),
      { seed: 17, numRuns: 5000 },
    );
  });

  it('answers as the regular expression did for long literals over two letters, where KMP falls back', () => {
    // Literals such as `aabaab` fall back to a border of themselves on a mismatch: the failure table decides.
    const letters = (minLength: number, maxLength: number) =>
      fc.string({ unit: fc.constantFrom('a', 'b'), minLength, maxLength });
    const pattern = fc
      .tuple(letters(0, 2), letters(1, 9), letters(0, 9), letters(0, 2))
      .map((parts) => parts.join('*'));
    fc.assert(
      fc.property(pattern, letters(0, 30), (p, path) => {
        expect(new PathPattern(p).matches(path)).toBe(asRegExp(p).test(path));
      }),
      { seed: 17, numRuns: 3000 },
    );
  });

  it('finds a literal among near misses of itself, as String.includes does', () => {
    // Paths made of the literal's own beginnings and single letters: partial matches everywhere, to fall back from.
    const letters = (minLength: number, maxLength: number) =>
      fc.string({ unit: fc.constantFrom('a', 'b'), minLength, maxLength });
    const literalAndPath = letters(2, 8).chain((literal) =>
      fc.tuple(
        fc.constant(literal),
        fc
          .array(
            fc.oneof(
              fc.integer({ min: 1, max: literal.length }).map((n) => literal.slice(0, n)),
              letters(1, 1),
            ),
            {
              maxLength: 8,
            },
          )
          .map((pieces) => pieces.join('')),
      ),
    );
    fc.assert(
      fc.property(literalAndPath, ([literal, path]) => {
        expect(new PathPattern(`*${literal}*`).matches(path)).toBe(path.includes(literal));
      }),
      { seed: 17, numRuns: 3000 },
    );
  });
});

describe('PathPattern: the steps of one match, counted exactly', () => {
  it.each([
    // No star: the path compared with the literal, at most the shorter's length.
    ['/api/v2/me', '/api', false, 4],
    ['/api', '/api/v2/me', false, 4],
    // Prefix and suffix, looked at whole; a path too short for them is not looked at.
    ['ab*cd', 'abxcd', true, 4],
    ['ab*cd', 'abc', false, 0],
    // A middle literal's first character found by indexOf: the characters passed, up to it.
    ['*b*', 'aab', true, 3],
    ['*c*', 'ab', false, 2],
    // Then KMP: `ab` at 0 fails on the second `a` (a step and a fall back), and matches from there.
    ['*ab*', 'aab', true, 4],
  ])('%j against %j: %s in %i steps', (pattern, path, expected, steps) => {
    const matcher = new PathPattern(pattern);
    expect(matcher.matches(path)).toBe(expected);
    expect(matcher.steps).toBe(steps);
  });
});

describe('PathPattern: one match takes steps linear in the path, whatever the pattern', () => {
  const a = (n: number) => 'a'.repeat(n);
  const periodic = (n: number) => 'ab'.repeat(n);
  it.each([
    // The override of issue 17 (finding 3), on its 60-character path and on a long one.
    ['issue 17 on 60 characters', '/api/v2/goals/*a*a*a*a*a*a*a*a*b', `/api/v2/goals/${a(46)}`, false],
    ['issue 17 on 8,014 characters', '/api/v2/goals/*a*a*a*a*a*a*a*a*b', `/api/v2/goals/${a(8_000)}`, false],
    // Hundreds of stars, each literal found at once, then nowhere to put the last.
    ['500 stars, no b', `/api/v2/${'*a'.repeat(499)}*b`, `/api/v2/${a(8_000)}`, false],
    ['500 stars, matching', `/api/v2/${'*a'.repeat(499)}*`, `/api/v2/${a(8_000)}`, true],
    // A long literal that almost matches everywhere: a naive search looks at it afresh at every position.
    ['a⁵⁰⁰b nowhere', `*${a(500)}b*`, a(8_000), false],
    ['a⁵⁰⁰b at the end', `*${a(500)}b*`, `${a(7_000)}b`, true],
    ['(ab)²⁵⁰c nowhere', `*${periodic(250)}c*`, periodic(4_000), false],
    ['two periodic literals', `*${periodic(120)}*${periodic(120)}c*`, `${periodic(2_000)}c`, true],
    // One star, long literals on both sides.
    ['prefix and suffix overlapping', `${a(900)}*${a(900)}`, a(1_799), false],
    ['prefix and suffix', `${a(900)}*${a(900)}`, a(8_000), true],
  ])('%s', (_name, pattern, path, expected) => {
    const matcher = new PathPattern(pattern);
    expect(matcher.matches(path)).toBe(expected);
    expect(matcher.steps).toBeLessThanOrEqual(2 * (path.length + pattern.length));
  });

  it('stays within the bound for any pattern of many stars against any long path over two letters', () => {
    const letters = (maxLength: number) => fc.string({ unit: fc.constantFrom('a', 'b'), maxLength });
    const pattern = fc.array(letters(40), { minLength: 2, maxLength: 60 }).map((parts) => parts.join('*'));
    const path = fc.oneof(
      letters(3_000),
      fc.integer({ min: 0, max: 3_000 }).map((n) => `${'a'.repeat(n)}b`),
    );
    fc.assert(
      fc.property(pattern, path, (p, text) => {
        const matcher = new PathPattern(p);
        matcher.matches(text);
        expect(matcher.steps).toBeLessThanOrEqual(2 * (text.length + p.length));
      }),
      { seed: 17, numRuns: 500 },
    );
  });

  it('counts every step: a long literal found at the end of a long path takes at least the path', () => {
    const matcher = new PathPattern(`*${'a'.repeat(50)}b*`);
    expect(matcher.matches(`${'a'.repeat(5_000)}b`)).toBe(true);
    expect(matcher.steps).toBeGreaterThanOrEqual(5_001);
  });
});
