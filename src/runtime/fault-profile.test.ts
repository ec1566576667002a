// MK6 from the inside: the seeded stream of a FaultProfile drawn directly, no HTTP. Replays, other seeds, the
// rates each rule's faults fire at, scoping by method and path pattern, and the RangeErrors for bad profiles.
// test/faults.test.ts covers the same profile through the API and over a socket.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../domain/entropy.js';
import { FaultProfile, parseLatency, type Decision, type Fault, type FaultProfileSpec } from './fault-profile.js';

type Request = readonly [method: string, path: string];

/** The decisions a fresh profile gives for `requests`, in order. */
function replay(spec: FaultProfileSpec, requests: readonly Request[]): Decision[] {
  const profile = new FaultProfile(spec);
  return requests.map(([method, path]) => profile.decide(method, path));
}

/** The same request `n` times. */
function repeated(method: string, path: string, n: number): Request[] {
  return Array.from({ length: n }, (): Request => [method, path]);
}

/** How many of the decisions carry `fault`. */
function count(decisions: readonly Decision[], fault: Fault): number {
  return decisions.filter((d) => isDeepStrictEqual(d.fault, fault)).length;
}

/** The value at fraction `p` of a sorted list, e.g. the median at 0.5. */
function percentile(sorted: readonly number[], p: number): number {
  const value = sorted.at(Math.floor(p * sorted.length));
  if (value === undefined) throw new Error(`no value at ${p} of ${sorted.length}`);
  return value;
}

const ERROR_503: Fault = { kind: 'error', status: 503, rate: 0.3, retry_after: 2 };
const DROP: Fault = { kind: 'drop', rate: 0.2 };
const SLOW: Fault = { kind: 'slow-body', rate: 0.5, bytes_per_second: 64 };

/** Every kind of latency and fault, scoped three ways. */
const MIXED: FaultProfileSpec = {
  seed: 42,
  rules: [
    {
      methods: ['GET'],
      path: '/api/v2/goals*',
      latency: { kind: 'uniform', min_ms: 10, max_ms: 500 },
      faults: [ERROR_503],
    },
    {
      methods: ['PATCH'],
      path: '/api/v2/check-ins/*',
      latency: { kind: 'lognormal', median_ms: 120, sigma: 0.6 },
      faults: [DROP, SLOW],
    },
    { latency: { kind: 'fixed', ms: 5 } },
  ],
};

const MIXED_REQUESTS: Request[] = Array.from({ length: 300 }, (_, i): Request => {
  switch (i % 4) {
    case 0:
      return ['GET', `/api/v2/goals/${i}`];
    case 1:
      return ['PATCH', '/api/v2/check-ins/2026-11-20'];
    case 2:
      return ['GET', '/api/v2/me'];
    default:
      return ['GET', '/api/v2/goals'];
  }
});

describe('FaultProfile: one seeded stream (MK6)', () => {
  it('gives the same delays and faults for the same seed and the same requests', () => {
    const first = replay(MIXED, MIXED_REQUESTS);
    expect(replay(MIXED, MIXED_REQUESTS)).toEqual(first);
    // And not alike merely by being constant: the delays spread, and faults come and go.
    expect(new Set(first.map((d) => d.delayMs)).size).toBeGreaterThan(100);
    expect(new Set(first.map((d) => d.fault))).toEqual(new Set([null, ERROR_503, DROP, SLOW]));
  });

  it('keeps each profile on its own stream, so two replaying side by side agree', () => {
    const a = new FaultProfile(MIXED);
    const b = new FaultProfile(MIXED);
    const fromA: Decision[] = [];
    const fromB: Decision[] = [];
    for (const [method, path] of MIXED_REQUESTS) {
      fromA.push(a.decide(method, path));
      fromB.push(b.decide(method, path));
    }
    expect(fromA).toEqual(fromB);
    expect(fromA).toEqual(replay(MIXED, MIXED_REQUESTS));
  });

  it('starts a profile made from the spec of a used one at the beginning of the stream (a session, a PUT)', () => {
    const used = new FaultProfile(MIXED);
    for (const [method, path] of MIXED_REQUESTS) used.decide(method, path);
    expect(replay(used.spec, MIXED_REQUESTS)).toEqual(replay(MIXED, MIXED_REQUESTS));
  });

  it('gives another sequence for another seed', () => {
    const requests = repeated('GET', '/api/v2/goals', 200);
    const seeded = (seed: number) => replay({ ...MIXED, seed }, requests);
    const [one, other] = [seeded(42), seeded(43)];
    const sameDelay = one.filter((d, i) => d.delayMs === other[i]?.delayMs).length;
    const sameFault = one.filter((d, i) => isDeepStrictEqual(d.fault, other[i]?.fault)).length;
    // Delays drawn from 491 values agree by chance a few times in 200; faults at 0.3 about 58% of the time.
    expect(sameDelay).toBeLessThan(20);
    expect(sameFault).toBeLessThan(160);
    expect(seeded(43)).toEqual(other);
  });

  it('replays without a seed too: the stream never falls back on Math.random', () => {
    const { seed: _seed, ...unseeded } = MIXED;
    expect(replay(unseeded, MIXED_REQUESTS)).toEqual(replay(unseeded, MIXED_REQUESTS));
  });
});

describe('FaultProfile: rates (MK6)', () => {
  const N = 10_000;

  it('fires a fault exactly when the next draw of the seeded stream is below its rate', () => {
    // A rule without latency takes one draw per fault tried, in order, until one fires: the same stream
    // (entropy.ts's mulberry32) gives the exact sequence to expect.
    const faults = [DROP, SLOW];
    const next = mulberry32(7);
    const expected = Array.from({ length: 2_000 }, () => faults.find((f) => next() < f.rate) ?? null);
    const decisions = replay({ seed: 7, rules: [{ faults }] }, repeated('GET', '/api/v2/me', 2_000));
    expect(decisions.map((d) => d.fault)).toEqual(expected);
    expect(decisions.every((d) => d.delayMs === 0)).toBe(true);
  });

  it("holds each rule's faults to their rates over many draws, rules interleaved on one stream", () => {
    const first: Fault = { kind: 'error', status: 500, rate: 0.2 };
    const second: Fault = { kind: 'drop', rate: 0.5 };
    const rare: Fault = { kind: 'error', status: 503, rate: 0.05, retry_after: 1 };
    const often: Fault = { kind: 'slow-body', rate: 0.7, bytes_per_second: 10 };
    const spec: FaultProfileSpec = {
      seed: 2026,
      rules: [
        { path: '/api/v2/goals*', faults: [first, second] },
        { path: '/api/v2/me', latency: { kind: 'uniform', min_ms: 0, max_ms: 50 }, faults: [rare] },
        { faults: [often] },
      ],
    };
    const profile = new FaultProfile(spec);
    const goals: Decision[] = [];
    const me: Decision[] = [];
    const people: Decision[] = [];
    for (let i = 0; i < N; i++) {
      goals.push(profile.decide('GET', '/api/v2/goals'));
      me.push(profile.decide('GET', '/api/v2/me'));
      people.push(profile.decide('GET', '/api/v2/people'));
    }
    // At most one fault a request, tried in order: the second fires at its rate among those the first spared.
    // Bounds of ±0.03 are six standard deviations at 10,000 draws, and the seed is fixed: this cannot flake.
    expect(Math.abs(count(goals, first) / N - 0.2)).toBeLessThan(0.03);
    expect(Math.abs(count(goals, second) / N - 0.8 * 0.5)).toBeLessThan(0.03);
    expect(Math.abs(count(me, rare) / N - 0.05)).toBeLessThan(0.03);
    expect(count(me, rare)).toBeGreaterThan(0);
    expect(Math.abs(count(people, often) / N - 0.7)).toBeLessThan(0.03);
    // A fault belongs to its rule alone.
    expect(new Set(goals.map((d) => d.fault))).toEqual(new Set([null, first, second]));
    expect(new Set(me.map((d) => d.fault))).toEqual(new Set([null, rare]));
    expect(new Set(people.map((d) => d.fault))).toEqual(new Set([null, often]));
  });

  it('fires a fault only below its rate: a draw exactly at the rate spares the request', () => {
    const draw = mulberry32(7)();
    const at: Fault = { kind: 'drop', rate: draw };
    const above: Fault = { kind: 'drop', rate: draw + 2 ** -32 };
    expect(replay({ seed: 7, rules: [{ faults: [at] }] }, [['GET', '/']])).toEqual([{ delayMs: 0, fault: null }]);
    expect(replay({ seed: 7, rules: [{ faults: [above] }] }, [['GET', '/']])).toEqual([
      { delayMs: 0, fault: above, from: "the fault profile's rules[0]" },
    ]);
  });

  it('draws once a request for a uniform delay, and none for a rule without faults', () => {
    const next = mulberry32(9);
    const expected = Array.from({ length: 50 }, () => Math.round(100 + next() * 200));
    const decisions = replay(
      { seed: 9, rules: [{ latency: { kind: 'uniform', min_ms: 100, max_ms: 300 } }] },
      repeated('GET', '/', 50),
    );
    expect(decisions.map((d) => d.delayMs)).toEqual(expected);
  });

  it('draws a lognormal delay as median × e^(sigma × a normal made by Box–Muller from two draws)', () => {
    const next = mulberry32(13);
    const expected = Array.from({ length: 50 }, () => {
      const normal = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
      return Math.round(120 * Math.exp(0.5 * normal));
    });
    const decisions = replay(
      { seed: 13, rules: [{ latency: { kind: 'lognormal', median_ms: 120, sigma: 0.5 } }] },
      repeated('GET', '/', 50),
    );
    expect(decisions.map((d) => d.delayMs)).toEqual(expected);
  });

  it('never fires a fault of rate 0, always one of rate 1, and then the first of several', () => {
    const never: Fault = { kind: 'drop', rate: 0 };
    const always: Fault = { kind: 'error', status: 500, rate: 1 };
    const shadowed: Fault = { kind: 'drop', rate: 1 };
    const requests = repeated('GET', '/api/v2/me', 1_000);
    expect(count(replay({ seed: 5, rules: [{ faults: [never] }] }, requests), never)).toBe(0);
    expect(count(replay({ seed: 5, rules: [{ faults: [never, always, shadowed] }] }, requests), always)).toBe(1_000);
  });

  it('draws uniform delays as whole milliseconds over the whole range, and fixed ones exactly', () => {
    const delays = replay(
      { seed: 11, rules: [{ latency: { kind: 'uniform', min_ms: 100, max_ms: 300 } }] },
      repeated('GET', '/api/v2/me', N),
    ).map((d) => d.delayMs);
    expect(delays.every((ms) => Number.isInteger(ms) && ms >= 100 && ms <= 300)).toBe(true);
    expect(Math.min(...delays)).toBeLessThan(105);
    expect(Math.max(...delays)).toBeGreaterThan(295);
    expect(Math.abs(delays.reduce((sum, ms) => sum + ms, 0) / N - 200)).toBeLessThan(5);
    const fixed = replay({ rules: [{ latency: { kind: 'fixed', ms: 250 } }] }, repeated('GET', '/', 50));
    expect(fixed.every((d) => d.delayMs === 250 && d.fault === null)).toBe(true);
    const point = replay({ rules: [{ latency: { kind: 'uniform', min_ms: 40, max_ms: 40 } }] }, [['GET', '/']]);
    expect(point).toEqual([{ delayMs: 40, fault: null }]);
  });

  it('draws lognormal delays around their median, spread by sigma', () => {
    const lognormal = (sigma: number) =>
      replay(
        { seed: 13, rules: [{ latency: { kind: 'lognormal', median_ms: 120, sigma } }] },
        repeated('GET', '/api/v2/me', N),
      )
        .map((d) => d.delayMs)
        .sort((x, y) => x - y);
    const spread = lognormal(0.5);
    expect(Math.abs(percentile(spread, 0.5) - 120)).toBeLessThan(6);
    // 120 × exp(∓0.5 × 1.2816): the 10th and 90th percentiles of a lognormal of median 120 and sigma 0.5.
    expect(Math.abs(percentile(spread, 0.1) - 63)).toBeLessThan(5);
    expect(Math.abs(percentile(spread, 0.9) - 228)).toBeLessThan(10);
    expect(lognormal(0).every((ms) => ms === 120)).toBe(true);
  });
});

describe('FaultProfile: scoping (MK6)', () => {
  const profile = () =>
    new FaultProfile({
      seed: 1,
      rules: [
        { methods: ['PATCH'], path: '/api/v2/check-ins/*', latency: { kind: 'fixed', ms: 250 } },
        { methods: ['GET', 'DELETE'], path: '/api/v2/goals*', latency: { kind: 'fixed', ms: 100 } },
        { path: '/api/v2/goals/*', latency: { kind: 'fixed', ms: 50 } },
        { methods: ['POST'], latency: { kind: 'fixed', ms: 10 } },
        { path: '/api/v2/export(1).csv', latency: { kind: 'fixed', ms: 7 } },
      ],
    });

  it.each([
    ['PATCH', '/api/v2/check-ins/2026-11-20', 250],
    // `*` matches any characters, slashes too, and nothing: but the slash before it must be there.
    ['GET', '/api/v2/goals', 100],
    ['GET', '/api/v2/goals/1/goal-updates', 100],
    ['PATCH', '/api/v2/check-ins', 0],
    // The first matching rule decides, even where a later one fits too.
    ['DELETE', '/api/v2/goals/1', 100],
    ['PATCH', '/api/v2/goals/1', 50],
    // Methods scope a rule; a rule without methods or without a path takes them all.
    ['GET', '/api/v2/check-ins/2026-11-20', 0],
    ['POST', '/api/v2/goals', 10],
    ['POST', '/api/v2/check-ins/2026-11-20', 10],
    // A pattern matches the whole path, and its other characters only themselves.
    ['GET', '/mirror/api/v2/goals', 0],
    ['PUT', '/api/v2/export(1).csv', 7],
    ['PUT', '/api/v2/export1Xcsv', 0],
    ['PUT', '/api/v2/export(1).csv.bak', 0],
  ])('%s %s is delayed %i ms', (method, path, ms) => {
    expect(profile().decide(method, path)).toEqual({ delayMs: ms, fault: null });
  });

  it('leaves a request no rule matches alone: no delay, no fault, and no draw from the stream', () => {
    const only = new FaultProfile({
      seed: 3,
      rules: [{ methods: ['GET'], path: '/api/v2/goals*', latency: { kind: 'uniform', min_ms: 0, max_ms: 1000 } }],
    });
    const alone = new FaultProfile(only.spec);
    const mixed = Array.from({ length: 20 }, () => {
      expect(only.decide('POST', '/api/v2/goals')).toEqual({ delayMs: 0, fault: null });
      expect(only.decide('GET', '/api/v2/me')).toEqual({ delayMs: 0, fault: null });
      return only.decide('GET', '/api/v2/goals');
    });
    const straight = Array.from({ length: 20 }, () => alone.decide('GET', '/api/v2/goals'));
    expect(mixed).toEqual(straight);
  });

  it('applies the faults of the rule that matched, not those of a later one', () => {
    const error: Fault = { kind: 'error', status: 503, rate: 1, retry_after: 3 };
    const drop: Fault = { kind: 'drop', rate: 1 };
    const p = new FaultProfile({
      rules: [{ methods: ['GET'], path: '/api/v2/goals*', faults: [error] }, { faults: [drop] }],
    });
    expect(p.decide('GET', '/api/v2/goals').fault).toEqual(error);
    expect(p.decide('POST', '/api/v2/goals').fault).toEqual(drop);
    expect(p.decide('GET', '/api/v2/me').fault).toEqual(drop);
  });
});

describe('FaultProfile and parseLatency: bad profiles are RangeErrors (MK6)', () => {
  it('refuses a uniform latency whose min_ms is above its max_ms, naming the field', () => {
    const reversed: FaultProfileSpec = {
      rules: [
        { latency: { kind: 'fixed', ms: 1 } },
        { path: '/a', latency: { kind: 'uniform', min_ms: 300, max_ms: 50 } },
      ],
    };
    expect(() => new FaultProfile(reversed)).toThrow(RangeError);
    expect(() => new FaultProfile(reversed)).toThrow(
      expect.objectContaining({
        field: 'rules[1].latency.min_ms',
        message: 'rules[1].latency.min_ms is 300, above max_ms 50: make it at most max_ms (MK6)',
      }),
    );
    expect(() => new FaultProfile({ rules: [{ latency: { kind: 'uniform', min_ms: 50, max_ms: 50 } }] })).not.toThrow();
  });

  it.each([
    ['fixed:200', { kind: 'fixed', ms: 200 }],
    ['fixed:0', { kind: 'fixed', ms: 0 }],
    ['uniform:50-300', { kind: 'uniform', min_ms: 50, max_ms: 300 }],
    ['uniform:80-80', { kind: 'uniform', min_ms: 80, max_ms: 80 }],
    ['uniform:0-5', { kind: 'uniform', min_ms: 0, max_ms: 5 }],
    ['uniform:5,10', { kind: 'uniform', min_ms: 5, max_ms: 10 }],
    ['lognormal:120,0.5', { kind: 'lognormal', median_ms: 120, sigma: 0.5 }],
    ['lognormal:120,0', { kind: 'lognormal', median_ms: 120, sigma: 0 }],
  ])('reads --latency %s', (text, latency) => {
    expect(parseLatency(text)).toEqual(latency);
  });

  it.each([
    'slow',
    'fixed:abc',
    'fixed:-5',
    'fixed:1-2',
    'uniform:300-50',
    'uniform:50',
    'uniform:a-b',
    'lognormal:120',
    'lognormal:0,0.5',
    'lognormal:120,-1',
    'exponential:100',
    // An empty number is none, not 0.
    'fixed',
    'fixed:',
    'uniform:-5',
    'uniform:5-',
    'lognormal:,0.5',
    'lognormal:120,',
    // Too many numbers.
    'uniform:1-2-3',
    'lognormal:120,0.5,1',
  ])('refuses --latency %s with a RangeError showing the three forms', (text) => {
    expect(() => parseLatency(text)).toThrow(RangeError);
    expect(() => parseLatency(text)).toThrow(`"${text}"`);
    expect(() => parseLatency(text)).toThrow('fixed:MS, uniform:MIN-MAX or lognormal:MEDIAN,SIGMA');
  });
});
