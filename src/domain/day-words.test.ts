// The words of days near a text's own (LW3): a Friday's "tomorrow" is the Monday, a Monday's "This week I" did last week.
import { describe, expect, it } from 'vitest';
import { promisedAt, wordedAt, wordedOn } from './day-words.js';

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

describe('promisedAt', () => {
  // 2026-11-12 (a Thursday) at 09:00, 11:00, 15:00 and 17:30 in London (UTC+0 in November).
  const thursday = (hour: number) => Date.parse(`2026-11-12T${String(hour).padStart(2, '0')}:00:00Z`) / 1000;
  it("keeps a promised time of day that is still to come at the writer's hour", () => {
    expect(promisedAt('On it before standup; I will look.', thursday(9), 'Europe/London')).toBe(
      'On it before standup; I will look.',
    );
    expect(promisedAt('@dlim on it after lunch', thursday(11), 'Europe/London')).toBe('@dlim on it after lunch');
    expect(promisedAt('this afternoon I will', thursday(15), 'Europe/London')).toBe('this afternoon I will');
  });
  it('says the next such time for one gone by, in its case, and a Friday evening promises Monday', () => {
    expect(promisedAt('On it before standup', thursday(11), 'Europe/London')).toBe("On it before tomorrow's standup");
    expect(promisedAt('@dlim on it after lunch', thursday(15), 'Europe/London')).toBe('@dlim on it before I log off');
    expect(promisedAt('After lunch I will; more after lunch', thursday(17), 'Europe/London')).toBe(
      'First thing tomorrow I will; more first thing tomorrow',
    );
    expect(promisedAt('Later today I will', thursday(17) + 86_400, 'Europe/London')).toBe('First thing Monday I will');
  });
  it("reads the hour in the writer's zone", () => {
    // 15:00 in London is 07:00 in Los Angeles.
    expect(promisedAt('on it after lunch', thursday(15), 'America/Los_Angeles')).toBe('on it after lunch');
  });
});
