// The words of days near a text's own (LW3): a Friday's "tomorrow" is the Monday, a Monday's "This week I" did last week.
import { describe, expect, it } from 'vitest';
import { wordedAt, wordedOn } from './day-words.js';

const FRIDAY = '2026-11-13';
const THURSDAY = '2026-11-12';

describe('wordedOn', () => {
  it.each([
    ['about half done; the rest tomorrow', 'about half done; the rest on Monday'],
    ["I'll raise it in tomorrow's standup.", "I'll raise it in Monday's standup."],
    ['I can help review it today or tomorrow!', 'I can help review it today or Monday!'],
    ['blocked; first thing tomorrow I ask again', 'blocked; first thing Monday I ask again'],
    ["I can help here; tomorrow morning I'll dig in", "I can help here; Monday morning I'll dig in"],
    ['Tomorrow I pair with @dlim.', 'On Monday I pair with @dlim.'],
    ['A sick day, back tomorrow I hope — talk tomorrow', 'A sick day, back on Monday I hope — talk on Monday'],
  ])('words %j on a Friday as %j', (said, monday) => {
    expect(wordedOn(said, FRIDAY)).toBe(monday);
  });

  it('leaves any other day as it is, and a text without the word', () => {
    expect(wordedOn('the rest tomorrow', THURSDAY)).toBe('the rest tomorrow');
    expect(wordedOn('the rest tomorrow', '2026-11-16')).toBe('the rest tomorrow');
    expect(wordedOn('the rest later', FRIDAY)).toBe('the rest later');
    // A word that holds "tomorrow" is not it.
    expect(wordedOn('tomorrows', FRIDAY)).toBe('tomorrows');
  });
});

describe("wordedOn's Monday", () => {
  const MONDAY = '2026-11-16';
  it("tells what was done as last week's at a line's, a bullet's or a lead's start", () => {
    expect(wordedOn('- This week I merged the fix\n- This week I reviewed it', MONDAY)).toBe(
      '- Last week I merged the fix\n- Last week I reviewed it',
    );
    expect(wordedOn('On my end: This week I shipped it', MONDAY)).toBe('On my end: Last week I shipped it');
    expect(wordedOn('On my end, this week I shipped it', MONDAY)).toBe('On my end, last week I shipped it');
    expect(wordedOn("This week I'll ship it", MONDAY)).toBe("This week I'll ship it");
    expect(wordedOn('- This week I merged the fix', '2026-11-17')).toBe('- This week I merged the fix');
    // A Monday's "tomorrow" is a Tuesday.
    expect(wordedOn('the rest tomorrow', MONDAY)).toBe('the rest tomorrow');
  });
});

describe('wordedAt', () => {
  // 2026-11-13T12:00:00Z: Friday noon in London, already Saturday 01:00 in Auckland, Friday 04:00 in Los Angeles.
  const at = 1_794_571_200;
  it("reads the day in the writer's zone", () => {
    expect(wordedAt('more tomorrow', at, 'Europe/London')).toBe('more on Monday');
    expect(wordedAt('more tomorrow', at, 'America/Los_Angeles')).toBe('more on Monday');
    expect(wordedAt('more tomorrow', at, 'Pacific/Auckland')).toBe('more tomorrow');
    expect(wordedAt('more tomorrow', at - 86_400, 'Europe/London')).toBe('more tomorrow');
  });
});
