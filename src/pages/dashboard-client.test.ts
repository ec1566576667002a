// The dashboard's modules that need no page (src/pages/dashboard/), run here on their sources: where the records
// an answer names are read, and how instants, days and counts are written. The rest runs in Chromium
// (test/browser/dashboard.test.ts).
import { describe, expect, it } from 'vitest';
import { counted, countLine, dayIn, instant } from './dashboard/formatting.js';
import { isPreset, profileWords, SLOW_AND_FLAKY } from './dashboard/fault-words.js';
import { clockWords, inForceLines, type InForce } from './dashboard/in-force.js';
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

describe('the fault profile in force, in words (MK6)', () => {
  it('says each rule: which requests, the latency, each fault with its status, rate and Retry-After', () => {
    expect(profileWords({ rules: [{ latency: { kind: 'uniform', min_ms: 50, max_ms: 300 } }] })).toEqual([
      'every request to /api/v2: 50–300 ms, uniform; no faults',
    ]);
    expect(
      profileWords({
        rules: [
          {
            methods: ['GET', 'POST'],
            path: '/api/v2/goals*',
            latency: { kind: 'fixed', ms: 100 },
            faults: [
              { kind: 'error', status: 500, rate: 0.005 },
              { kind: 'drop', rate: 0.25 },
              { kind: 'slow-body', rate: 1, bytes_per_second: 64 },
            ],
          },
          {
            latency: { kind: 'lognormal', median_ms: 120, sigma: 0.5 },
            faults: [{ kind: 'error', status: 503, rate: 1, retry_after: 5 }],
          },
        ],
      }),
    ).toEqual([
      'GET, POST /api/v2/goals*: 100 ms; 0.5% answered 500, 25% dropped (the connection closed, no answer), 100% with the body sent at 64 bytes/s',
      'every request to /api/v2: lognormal, median 120 ms, sigma 0.5; 100% answered 503 with Retry-After: 5',
    ]);
    expect(profileWords(null)).toEqual([]);
  });

  it('is the preset only when it is the preset exactly, whatever the order of its keys', () => {
    expect(isPreset(SLOW_AND_FLAKY)).toBe(true);
    expect(
      isPreset({
        seed: 42,
        rules: [
          {
            faults: [{ retry_after: 1, rate: 0.1, status: 503, kind: 'error' }],
            latency: { max_ms: 800, min_ms: 200, kind: 'uniform' },
          },
        ],
      }),
    ).toBe(true);
    expect(isPreset({ rules: [{ latency: { kind: 'uniform', min_ms: 50, max_ms: 300 } }] })).toBe(false);
    expect(isPreset({ rules: [{ ...SLOW_AND_FLAKY.rules[0], path: '/api/v2/goals*' }] })).toBe(false);
    expect(isPreset(null)).toBe(false);
  });
});

describe('what is in force, in words', () => {
  const READ_AT = Date.parse('2026-11-20T09:00:00Z');
  const state: InForce = {
    server: {
      strict: true,
      any_token: { as: 'agraham' },
      app_url: 'https://app.example.test',
      control_token: false,
      persistence: { kind: 'file', path: '/tmp/world.json' },
    },
    world: { seed: 42, size: 'small', now: '2026-11-23T11:00:00Z', frozen: false, simulate: 'all' },
    rateLimited: true,
    faults: { rules: [{ latency: { kind: 'uniform', min_ms: 50, max_ms: 300 } }] },
    overrides: 2,
    anyTokenPerson: 'Ada Graham @agraham',
  };

  it('says every option that changes answers', () => {
    expect(inForceLines(state, READ_AT)).toEqual([
      'seed 42 · small world',
      'clock (MK4): running, 3 days 2 hours ahead of real time',
      'the team as the clock moves (LW6): goes on, the default person too',
      'strict mode (G7): unknown and read-only body fields refused with 422',
      'any-token mode (MK7): any token, or none, answered as Ada Graham @agraham',
      "rate limits (G14): on, production's",
      'faults (MK6): every request to /api/v2: 50–300 ms, uniform; no faults',
      'overrides: 2 rules answering in place of the world',
      'app url (G10): https://app.example.test',
      'controls: no control token',
      'world kept: in /tmp/world.json (--state)',
    ]);
  });

  it('says the defaults too', () => {
    const lines = inForceLines(
      {
        ...state,
        server: { ...state.server, strict: false, any_token: null, control_token: true, persistence: null },
        world: { ...state.world, now: '2026-11-20T09:00:20Z', frozen: false, simulate: 'others' },
        rateLimited: false,
        faults: null,
        overrides: 0,
      },
      READ_AT,
    );
    expect(lines.slice(1, 8)).toEqual([
      'clock (MK4): running in real time',
      'the team as the clock moves (LW6): goes on (check-ins, updates, comments), the default person left to you',
      'lenient (G7): unknown and read-only body fields ignored',
      'any-token mode (MK7): off; an unknown token gets 401 (G9)',
      'rate limits (G14): off',
      'faults (MK6): none',
      'overrides: none',
    ]);
    expect(lines.slice(9)).toEqual([
      'controls: need the control token (--control-token)',
      'world kept: nowhere (a restart starts it again)',
    ]);
    expect(clockWords('2026-11-20T09:00:00Z', true, READ_AT)).toBe('frozen at 2026-11-20T09:00:00Z');
    expect(clockWords('2026-11-19T08:30:00Z', false, READ_AT)).toBe('running, 1 day 30 minutes behind real time');
  });
});
