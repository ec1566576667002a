// The decorations after a line's last word, found on the line reversed (linear) rather than by a pattern anchored
// at the end (tried from every position: quadratic): the same answer as that pattern on every line of a world's
// texts and on lines made to tell them apart.
import { describe, expect, it } from 'vitest';
import { generateWorld } from '../../fixtures/index.js';
import { trailingDecor, withoutTrailingJoins } from './markdown-skeleton.js';

/** The pattern it replaces, kept here as the oracle. */
const ANCHORED_AT_END = /(?:\s|\*\*|__|[*_~]|@[\p{L}\p{N}_.-]*[\p{L}\p{N}_]|[\u2014\u2013-])*$/u;

describe('trailingDecor', () => {
  it.each([
    ['Shipped it — **@ana**', ' — **@ana**'],
    ['Ask @ben.k', ' @ben.k'],
    ['Ask me-', '-'],
    ['a@b', '@b'],
    ['no decoration.', ''],
    ['*bold*', '*'],
    ['emoji 🎉 @zoë_2', ' @zoë_2'],
    ['@only', '@only'],
    ['   ', '   '],
  ])('%j ends in %j', (line, trail) => {
    expect(trailingDecor(line)).toBe(trail);
    expect(trailingDecor(line)).toBe(ANCHORED_AT_END.exec(line)![0]);
  });

  it("finds what the pattern found on every line of seed 42's texts", () => {
    const world = generateWorld({ seed: 42, size: 'small', now: 1_780_000_000 });
    const texts = [
      ...world.goalUpdates.map((u) => u.body),
      ...world.checkIns.flatMap((c) => [c.previous ?? '', c.intentions ?? '', c.blockers ?? '']),
      ...world.comments.map((c) => c.body),
    ];
    const lines = texts.flatMap((text) => text.split('\n')).filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(1000);
    for (const line of lines) expect(trailingDecor(line), line).toBe(ANCHORED_AT_END.exec(line)![0]);
  });

  it('reads a line of 65,536 spaces before a word as the pattern would: nothing after the word', () => {
    expect(trailingDecor(`${' '.repeat(65_536)}x`)).toBe('');
    expect(trailingDecor(`x${' '.repeat(65_536)}`)).toBe(' '.repeat(65_536));
  });
});

describe('withoutTrailingJoins', () => {
  it.each([
    ['the cache — ', 'the cache'],
    ['the cache, (', 'the cache'],
    ['the build cache, and', 'the build cache, and'],
    ['', ''],
    [`x${'-'.repeat(65_536)}`, 'x'],
  ])('%j becomes %j, as the pattern it replaces made it', (text, cut) => {
    expect(withoutTrailingJoins(text)).toBe(cut);
    expect(withoutTrailingJoins(text)).toBe(text.replace(/[\s,;:(\u2014\u2013-]+$/, ''));
  });
});
