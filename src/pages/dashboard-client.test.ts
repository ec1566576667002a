// The dashboard's modules that need no page (src/pages/dashboard/), run here on their sources: where the records
// an answer names are read, and how instants, days and counts are written. The rest runs in Chromium
// (test/browser/dashboard.test.ts).
import { describe, expect, it } from 'vitest';
import { counted, countLine, dayIn, instant } from './dashboard/formatting.js';
import { collectionOf, pathOfKey, pathOfType } from './dashboard/record-paths.js';

const GOAL = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('where the records an answer names are read', () => {
  it.each([
    ['/api/v2/goals?per_page=50', '/goals'],
    [`/api/v2/goals/${GOAL}`, '/goals'],
    [`/api/v2/goals/${GOAL}/goal-updates`, '/goal-updates'],
    // CI6: a check-in addressed by its date is still a check-in.
    ['/api/v2/check-ins/2026-11-20', '/check-ins'],
    [`/api/v2/echo/questions/${GOAL}/answers`, '/echo/answers'],
    ['/api/v2/me', undefined],
    // Only the tables' own names: not what every object inherits.
    ['/api/v2/constructor', undefined],
  ])('an answer to %s holds records read under %s', (path, collection) => {
    expect(collectionOf(path)).toBe(collection);
  });

  it.each([
    ['owner', '/people'],
    ['contributors', '/people'],
    ['parent', '/goals'],
    ['question', '/echo/questions'],
    ['title', undefined],
    ['toString', undefined],
  ])('the records under the key %s are read under %s', (key, path) => {
    expect(pathOfKey(key)).toBe(path);
  });

  it.each([
    ['goal-update', '/goal-updates'],
    ['check-in', '/check-ins'],
    ['hasOwnProperty', undefined],
  ])('a record of type %s is read under %s', (type, path) => {
    expect(pathOfType(type)).toBe(path);
  });
});

describe('how the page writes instants, days and counts', () => {
  it('writes an instant as the API does (G3): to the second, in UTC', () => {
    expect(instant(Date.parse('2026-11-20T15:00:59.987Z'))).toBe('2026-11-20T15:00:59Z');
  });

  it.each([
    ['Pacific/Auckland', '2026-11-20'],
    ['Europe/Berlin', '2026-11-19'],
    ['America/Los_Angeles', '2026-11-19'],
  ])('at 2026-11-19T15:00:00Z the day in %s is %s', (timeZone, day) => {
    expect(dayIn(timeZone, Date.parse('2026-11-19T15:00:00Z'))).toBe(day);
  });

  it.each([
    [0, '(0)'],
    [49, '(49)'],
    [50, '(the first 50)'],
  ])('a list of %i of at most 50 records is counted %s', (length, shown) => {
    expect(counted(Array.from({ length }), 50)).toBe(shown);
  });

  it('names a count by its kind in words, its number grouped', () => {
    expect(countLine('goal_updates', 12345)).toEqual({ label: 'goal updates', value: '12,345' });
  });
});
