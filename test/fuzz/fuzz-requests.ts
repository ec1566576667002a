// The fuzzer's requests: fast-check arbitraries built from both specs (every operation of spec/openapi.yaml
// and spec/control.yaml), first as a request the operation documents (real ids, values of the right type),
// then mutated the ways clients get it wrong: wrong types, boundary and huge numbers, 100k-character strings,
// lone surrogates, NUL, RTL text and emoji, deep nesting, prototype keys, arrays for objects, malformed and
// empty JSON, wrong content types, bare/comma/duplicated array parameters, impossible dates, bad
// percent-encoding, non-UUID, upper-case, other versions' (G2: any RFC 9562 UUID is an id) and other kinds' ids,
// 10k-character paths, unusual methods (TRACE over a socket, in test/server-limits.test.ts), and every kind of
// token; fault rules (injected 503s, which every operation declares) and override rules with path patterns that
// make a backtracking matcher take hours, and paths for them to take hours over.
import { activityHookAccount } from '../../fixtures/activity-hook.js';
import { mountOf } from '../../src/spec/base-path.js';
import fc from 'fast-check';
import type { Mock } from '../../src/http/app.js';
import {
  getCompiledControlSpec,
  getCompiledSpec,
  type SpecOperation,
  type SpecParameter,
} from '../../src/spec/compiled-spec.js';
import { KIND_OF_SEGMENT as KIT_KIND_OF_SEGMENT } from '../../contract-tests/kit/record-pool.js';
import { defined } from '../support/defined.js';

export interface FuzzRequest {
  method: string;
  /** Path and query, e.g. `/api/v2/goals?per_page=0`. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** The operation the request was made from (for coverage), whatever it was mutated into. */
  operationId: string;
}

/** What the generators draw real values from: ids per kind of record, and tokens. */
export interface FuzzFacts {
  ids: Record<string, string[]>;
  tokens: { own: string; ownReadOnly: string; other: string; admin: string };
  /** WH1: the hook's token and the people's emails (its account id is under ids.account). */
  hook: { token: string; emails: string[] };
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** G2: UUIDs of other versions than 4 (a v7, a v1, the nil UUID), which the server takes as ids naming nothing. */
const OTHER_VERSION_IDS = [
  '01890a5d-ac96-774b-bcce-b302099a8057',
  'c232ab00-9414-11ec-b3c8-9f6bdeced846',
  '00000000-0000-0000-0000-000000000000',
];
const KIND_OF_SEGMENT: Record<string, string> = {
  ...KIT_KIND_OF_SEGMENT,
  // WH1: /hooks/activity/a/{account_id}.
  a: 'account',
  sessions: 'name',
  snapshots: 'name',
};
const NAMES = ['fuzz-a', 'fuzz_b', 'before.demo'];
/** Path patterns of fault and override rules: plain ones, and shapes a backtracking matcher takes hours over. */
const PATTERNS = fc.constantFrom(
  '/api/v2/me',
  '/api/v2/goals*',
  '/api/v2/goals/*',
  '/api/v2/**/goal-updates',
  '/api/v2/goals/*a*a*a*a*a*a*a*a*b',
  `/api/v2/${'*a'.repeat(400)}*b`,
  `/api/v2/*${'ab'.repeat(200)}c*`,
  `/api/v2/${'x'.repeat(1_000)}`,
);

/** The real ids of a kind of record, or an id no server issued when the world has none of them. */
function realIds(facts: FuzzFacts, kind: string): fc.Arbitrary<string> {
  const ids = defined(facts.ids[kind], `the fuzz facts' ids of kind ${kind}`);
  return fc.constantFrom(...(ids.length ? ids : [UNKNOWN_ID]));
}

/** Collects real ids of each kind from a freshly made mock's shared world. */
export function factsOf(mock: Mock): FuzzFacts {
  const { store } = mock.world;
  const first = <T extends { id: string }>(values: Iterable<T>, n = 6) => [...values].slice(0, n).map((r) => r.id);
  const people = [...store.people.values()];
  const own = store.people.get(mock.world.defaultPersonId)!;
  const other = people.find((p) => p.id !== own.id && !p.administrator)!;
  const admin = people.find((p) => p.administrator) ?? own;
  const privateGoals = [...store.goals.values()].filter((g) => g.private).map((g) => g.id);
  const hook = activityHookAccount(mock.world.seed, mock.worlds.tokenKey);
  return {
    ids: {
      goal: [...first(store.goals.values()), ...privateGoals.slice(0, 2)],
      goalUpdate: first(store.goalUpdates.values()),
      checkIn: first([...store.checkIns.values()].filter((c) => c.personId === own.id).reverse()),
      echoQuestion: first(store.echoQuestions.values()),
      echoAnswer: first(store.echoAnswers.values()),
      comment: first(store.comments.values()),
      reaction: first(store.reactions.values()),
      activity: first(store.activities.values()),
      person: first(people),
      team: first(store.teams.values()),
      account: [hook.accountId],
      name: NAMES,
    },
    hook: { token: hook.token, emails: people.slice(0, 3).map((p) => p.email) },
    tokens: {
      own: own.tokens.readWrite,
      ownReadOnly: own.tokens.readOnly,
      other: other.tokens.readWrite,
      admin: admin.tokens.readWrite,
    },
  };
}

// ---- values ------------------------------------------------------------------------------------------

const HUGE = 'x'.repeat(100_000);
const nastyString = fc.oneof(
  fc.constantFrom(
    HUGE,
    // G15's limits, at and one over: a Markdown field's 65,536 and a short text's 1,000 (in emoji, two
    // UTF-16 units each but one character).
    '😀'.repeat(65_536),
    '😀'.repeat(65_537),
    'y'.repeat(1000),
    'y'.repeat(1001),
    '\uD800',
    'a\uDC00b',
    'nul\u0000byte',
    'مرحبا بالعالم',
    '👩‍👩‍👧‍👦🎉',
    '',
    ' ',
    '\t\n',
    '__proto__',
    'me',
    'self',
    'ME',
    '2026-02-30',
    '2026-13-01',
    '24:00',
    '9:5',
    'null',
    '<script>alert(1)</script>',
    '%zz',
    '../../etc/passwd',
    UNKNOWN_ID.toUpperCase(),
    ...OTHER_VERSION_IDS,
  ),
  fc.string({ maxLength: 30 }),
);
/** In a query a long string would only ever meet the 8,192-character limit (414); a shorter long one instead. */
const nastyQueryString = nastyString.map((v) => (v.length > 2000 ? 'x'.repeat(2000) : v));
const nastyNumber = fc.constantFrom(
  -1,
  0,
  1,
  29,
  30,
  44,
  45,
  74,
  75,
  99,
  100,
  101,
  366,
  367,
  2 ** 31,
  2 ** 53,
  1e308,
  -0,
  0.5,
  -1e-9,
);

/** `depth` arrays nested in each other, as JSON text (built without recursion). */
function deeplyNested(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(nastyString, nastyNumber), { maxLength: 3 }),
  fc.constantFrom(
    { __proto__: null, polluted: true } as unknown,
    JSON.parse('{"__proto__":{"polluted":true}}'),
    { constructor: { prototype: { polluted: true } } },
    { prototype: 1 },
    {},
  ),
);

/** A value of the right type for a body property or parameter, by its name (real ids where it names records). */
function validValue(name: string, facts: FuzzFacts): fc.Arbitrary<unknown> {
  const ids = (kind: string) => realIds(facts, kind);
  const byName: Record<string, fc.Arbitrary<unknown>> = {
    owner_id: fc.oneof({ weight: 9, arbitrary: ids('person') }, fc.constantFrom(...OTHER_VERSION_IDS)),
    parent_id: fc.oneof(ids('goal'), fc.constant(null)),
    contributor_ids: fc.array(ids('person'), { maxLength: 3 }),
    team_ids: fc.array(ids('team'), { maxLength: 2 }),
    progress: fc.oneof(fc.constantFrom(0, 1, 99, 100), fc.integer({ min: 0, max: 100 })),
    // The snapping thresholds (GU2) as often as any other value.
    confidence: fc.oneof(fc.constantFrom(0, 44, 45, 74, 75, 100), fc.integer({ min: 0, max: 100 })),
    mood: fc.constantFrom('calm', 'happy', 'focused', 'tired', null),
    update_cadence: fc.constantFrom('weekly', 'biweekly', 'monthly'),
    answer_frequency: fc.constantFrom('daily', 'weekly', 'biweekly', 'monthly'),
    answer_day: fc.constantFrom('monday', 'friday'),
    answer_time: fc.constantFrom('09:00', '23:59'),
    start_date: fc.constantFrom('2026-01-01', '2026-11-20', null),
    end_date: fc.constantFrom('2026-12-31', '2027-03-01', null),
    start: fc.constantFrom('2026-11-23', '2026-12-01'),
    end: fc.constantFrom('2026-11-24', '2026-12-05'),
    private: fc.boolean(),
    archived: fc.boolean(),
    frozen: fc.boolean(),
    enabled: fc.boolean(),
    previous_completed: fc.oneof(fc.boolean(), fc.constant(null)),
    name: fc.constantFrom('tada', 'eyes', 'heart', 'nope'),
    url: fc.constantFrom('https://example.com/pr/1', 'http://insecure.example'),
    // WH1: the hook's fields, its token mostly right.
    source_url: fc.constantFrom('https://example.com/pr/2', 'ftp://example.com/x'),
    source: fc.constantFrom('Deploys', ''),
    email: fc.constantFrom(...facts.hook.emails, 'nobody@example.invalid', 'ADA@EXAMPLE.COM'),
    token: fc.constantFrom(facts.hook.token, facts.hook.token, facts.tokens.own, 'hook_0000'),
    now: fc.constantFrom('2026-11-21T09:00:00Z', '2026-12-20T00:00:00Z', '2026-11-01T00:00:00Z'),
    days: fc.integer({ min: 0, max: 3 }),
    hours: fc.integer({ min: 0, max: 30 }),
    minutes: fc.integer({ min: 0, max: 90 }),
    seconds: fc.integer({ min: 0, max: 100 }),
    // A large world takes seconds to generate; the fuzzer resets to small ones only (of two seeds, so bases are reused).
    seed: fc.constantFrom(42, 7),
    size: fc.constant('small'),
    full: fc.constantFrom('true', 'false'),
    limit: fc.integer({ min: 1, max: 500 }),
    status: fc.constantFrom(200, 404, 422),
    since: fc.constantFrom('2026-11-01', '2026-11-16T00:00:00Z'),
    until: fc.constantFrom('2026-11-20', '2026-11-20T23:59:59Z'),
    blocked: fc.constantFrom('true', 'false'),
    page: fc.integer({ min: 1, max: 3 }),
    per_page: fc.integer({ min: 1, max: 50 }),
    'people_ids[]': fc.oneof({ weight: 9, arbitrary: ids('person') }, fc.constantFrom(...OTHER_VERSION_IDS)),
    'team_ids[]': fc.oneof(
      { weight: 9, arbitrary: ids('team') },
      ids('team').map((id) => id.toUpperCase()),
    ),
    'goal_ids[]': ids('goal'),
    'kinds[]': fc.constantFrom('jira', 'api', 'linear'),
    method: fc.constantFrom('GET', 'POST'),
    session: fc.constantFrom(...NAMES),
    path: fc.constantFrom('/api/v2/me', '/goals'),
    // Fault profiles (small latencies only, so that a profile left on cannot stall the run) and override rules
    // (a 401 any operation documents, for one use), each with the path patterns that once backtracked.
    rules: fc.oneof(
      fc.constant([{ match: { method: 'GET' }, latency: { fixed: { ms: 1 } } }]),
      fc.array(
        PATTERNS.map((path) => ({ methods: ['GET'], path, latency: { kind: 'fixed', ms: 1 } })),
        { minLength: 1, maxLength: 3 },
      ),
      // MK6: injected faults, each an answer every operation declares (G8), checked as any other answer.
      fc.constant([{ methods: ['GET'], path: '/api/v2/goals*', faults: [{ kind: 'error', status: 503, rate: 0.3 }] }]),
      fc.array(
        PATTERNS.map((path) => ({ method: 'GET', path, status: 401, uses: 1 })),
        { minLength: 1, maxLength: 3 },
      ),
    ),
  };
  // Own properties only: a spec name such as `constructor` is no arbitrary of ours.
  const known = Object.hasOwn(byName, name) ? byName[name] : undefined;
  return known ?? fc.string({ maxLength: 40 });
}

/** Percent-encodes a query value; a lone surrogate, which has no UTF-8 form, goes out as the bytes a
 * careless client would send for it (an invalid UTF-8 sequence). */
function enc(value: string): string {
  return [...value]
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

/** `arbitrary` in about `percent` of draws, else `otherwise`. */
export function sometimes<T, U>(arbitrary: fc.Arbitrary<T>, percent: number, otherwise: U): fc.Arbitrary<T | U> {
  return fc.oneof({ weight: percent, arbitrary }, { weight: 100 - percent, arbitrary: fc.constant(otherwise) });
}

// ---- requests -----------------------------------------------------------------------------------------

const token = (facts: FuzzFacts) =>
  fc.constantFrom<string | null>(
    facts.tokens.own,
    facts.tokens.own,
    facts.tokens.own,
    facts.tokens.own,
    facts.tokens.own,
    facts.tokens.own,
    facts.tokens.ownReadOnly,
    facts.tokens.other,
    facts.tokens.admin,
    'rw_unknown-token',
    null,
    '',
  );

function pathArbitrary(op: SpecOperation, facts: FuzzFacts): fc.Arbitrary<string> {
  const segments = op.path.split('/');
  const parts = segments.map((segment, i) => {
    const param = /^\{(\w+)\}$/.exec(segment);
    if (!param) return fc.constant(segment);
    // The segment before a parameter names its kind of record; goal where none does.
    const before = segments[i - 1];
    const kind = (before === undefined ? undefined : KIND_OF_SEGMENT[before]) ?? 'goal';
    const real = realIds(facts, kind);
    const otherKind = fc.constantFrom(
      ...Object.values(facts.ids)
        .flat()
        .filter((id) => id.length === 36),
    );
    return fc
      .oneof(
        { weight: 8, arbitrary: real },
        {
          weight: 2,
          arbitrary: fc.oneof(
            fc.constant(UNKNOWN_ID),
            fc.constantFrom(...OTHER_VERSION_IDS),
            real.map((id) => id.toUpperCase()),
            // G2: a real id with a URN prefix is no id either (ajv-formats' uuid once let it through).
            real.map((id) => `urn:uuid:${id}`),
            fc.constant('not-a-uuid'),
            otherKind,
            fc.constant('%zz'),
            fc.constant('%E0%A4%A'),
            fc.constant('x'.repeat(10_000)),
            // A run of one letter: what a backtracking path pattern (`*a*a*…*b`) once took hours over.
            fc.constant('a'.repeat(200)),
            fc.constantFrom('2026-11-20', '2026-02-30', '2026-11-21'),
            fc.constant('%2e%2e'),
            fc.constant('me'),
          ),
        },
      )
      .map((value) => encodeURI(value).replace(/%25(?=zz|E0|2e)/g, '%'));
  });
  return fc.tuple(...parts).map((p) => p.join('/'));
}

function queryArbitrary(op: SpecOperation, facts: FuzzFacts): fc.Arbitrary<string> {
  const query = op.parameters.filter((p) => p.in === 'query');
  const pairs = query.map((p) => sometimes(parameterPairs(p, facts), 50, [] as string[]));
  const extra = sometimes(
    fc.constantFrom(
      ['colour=blue'],
      ['%zz=1'],
      ['a=%E0%A4%A'],
      ['page=1', 'page=2'],
      ['colour=blue'],
      ['x'.repeat(9000) + '=1'],
    ),
    10,
    [] as string[],
  );
  return fc.tuple(fc.tuple(...pairs), extra).map(([ps, more]) => [...ps.flat(), ...more].join('&'));
}

function parameterPairs(p: SpecParameter, facts: FuzzFacts): fc.Arbitrary<string[]> {
  const value = fc.oneof(
    { weight: 5, arbitrary: validValue(p.name, facts).map(String) },
    { weight: 1, arbitrary: nastyQueryString },
  );
  if (p.isArray) {
    const bare = p.name.slice(0, -2);
    return fc.oneof(
      {
        weight: 6,
        arbitrary: fc.array(value, { minLength: 1, maxLength: 3 }).map((vs) => vs.map((v) => `${bare}[]=${enc(v)}`)),
      },
      { weight: 1, arbitrary: value.map((v) => [`${bare}%5B%5D=${enc(v)}`]) },
      {
        weight: 1,
        arbitrary: fc.array(value, { minLength: 1, maxLength: 2 }).map((vs) => [`${bare}=${vs.map(enc).join(',')}`]),
      },
      { weight: 1, arbitrary: value.map((v) => [`${bare}[]=${enc(v)}`, `${bare}=${enc(v)}`]) },
    );
  }
  return fc.oneof(
    { weight: 4, arbitrary: value.map((v) => [`${p.name}=${enc(v)}`]) },
    { weight: 1, arbitrary: fc.tuple(value, value).map(([a, b]) => [`${p.name}=${enc(a)}`, `${p.name}=${enc(b)}`]) },
    { weight: 1, arbitrary: value.map((v) => [`${p.name}[]=${enc(v)}`]) },
  );
}

function bodyArbitrary(op: SpecOperation, facts: FuzzFacts): fc.Arbitrary<{ body?: string; contentType?: string }> {
  const props = [...(op.bodyProperties ?? [])];
  const object =
    props.length === 0
      ? fc.constant({})
      : fc
          .dictionary(
            fc.oneof(
              { weight: 8, arbitrary: fc.constantFrom(...props) },
              { weight: 1, arbitrary: fc.constantFrom('unknown_field', '__proto__', 'constructor', 'id', 'type') },
            ),
            fc.constant(null),
            { maxKeys: Math.min(props.length + 1, 5) },
          )
          .chain((keys) =>
            fc.record(
              Object.fromEntries(
                Object.keys(keys).map((k) => [
                  k,
                  fc.oneof({ weight: 8, arbitrary: validValue(k, facts) }, { weight: 1, arbitrary: nastyValue }),
                ]),
              ),
            ),
          );
  const json = object.map((value) => JSON.stringify(value));
  const raw = fc.constantFrom(
    '{',
    '',
    'null',
    '[]',
    '"text"',
    '{"title":"a",}',
    '{"title":"\\ud800"}',
    deeplyNested(70),
    `{"title":${deeplyNested(200)}}`,
    '{"__proto__":{"polluted":true}}',
    '[{"title":"array for an object"}]',
    '\u0000',
    '{"title":"x"}{"title":"y"}',
  );
  const body = op.bodyProperties
    ? fc.oneof({ weight: 8, arbitrary: json }, { weight: 1, arbitrary: raw })
    : sometimes(fc.oneof(json, raw), 15, undefined);
  const contentType = fc.oneof(
    { weight: 16, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=utf-16',
        'multipart/form-data; boundary=x',
        'application/problem+json',
      ),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc
    .tuple(body, contentType)
    .map(([b, ct]) => (b === null || b === undefined ? {} : { body: b, contentType: ct }));
}

function requestFor(op: SpecOperation, prefix: string, facts: FuzzFacts): fc.Arbitrary<FuzzRequest> {
  // TRACE cannot be sent in-process (fetch's Request refuses it): test/server-limits.test.ts sends it over a socket.
  const method = fc.oneof(
    { weight: 9, arbitrary: fc.constant(op.method as string) },
    { weight: 1, arbitrary: fc.constantFrom('PUT', 'HEAD', 'OPTIONS', 'DELETE', 'PROPFIND', 'PURGE') },
  );
  const session = sometimes(
    fc.constantFrom<string | null>('fuzz-a', 'fuzz_b', 'fuzz-a', 'bad name!', 'x'.repeat(65)),
    12,
    null,
  );
  // G13: a page of another site, of a dev server, an opaque origin, or a script or form of another site.
  const browser = sometimes(
    fc.constantFrom<Record<string, string> | null>(
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:5173' },
      { origin: 'null' },
      { origin: 'http://127.0.0.1:4010' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    ),
    8,
    null,
  );
  return fc
    .record({
      method,
      path: pathArbitrary(op, facts),
      query: queryArbitrary(op, facts),
      body: bodyArbitrary(op, facts),
      token: token(facts),
      session,
      browser,
    })
    .map(({ method: m, path, query, body, token: t, session: s, browser: b }) => {
      const headers: Record<string, string> = { ...b };
      if (t !== null) headers.authorization = `Bearer ${t}`;
      if (s !== null) headers['x-mock-session'] = s;
      if (body.contentType) headers['content-type'] = body.contentType;
      const sendsBody = body.body !== undefined && m !== 'GET' && m !== 'HEAD';
      return {
        method: m,
        url: `${prefix}${path}${query ? `?${query}` : ''}`,
        headers,
        ...(sendsBody ? { body: body.body } : {}),
        operationId: op.operationId,
      };
    });
}

/** Requests across every operation of both specs, each operation equally likely, plus unknown routes. */
export function requestArbitrary(facts: FuzzFacts, focus?: string): fc.Arbitrary<FuzzRequest> {
  const ops = [
    ...getCompiledSpec().operations.map((op) => ({ op, requests: requestFor(op, mountOf(op), facts).map((r) => r) })),
    ...getCompiledControlSpec().operations.map((op) => ({ op, requests: requestFor(op, '/__mock', facts) })),
  ];
  const focused = ops.filter(({ op }) => !focus || op.operationId === focus).map(({ requests }) => requests);
  if (focus && focused.length === 0) throw new Error(`STANDIN_FUZZ_FOCUS=${focus} is no operation of either spec`);
  const unknown = fc
    .record({
      method: fc.constantFrom('GET', 'POST'),
      path: fc.constantFrom(
        '/api/v2/nothing',
        '/api/v1/goals',
        `/api/v2/${'x'.repeat(10_000)}`,
        '/api/v2/goals/%',
        '/__mock/nothing',
      ),
    })
    .map(({ method, path }) => ({
      method,
      url: path,
      headers: { authorization: `Bearer ${facts.tokens.own}` },
      operationId: '(unknown route)',
    }));
  return focus
    ? fc.oneof(...focused)
    : fc.oneof({ weight: 40, arbitrary: fc.oneof(...focused) }, { weight: 1, arbitrary: unknown });
}

/**
 * Two requests that rarely meet by chance (none in a 10,000-request run): an override rule with a pattern that
 * makes a backtracking matcher take hours, then a request whose path gives it a long run of one letter to take
 * them over. A sequence starts with them now and then.
 */
export function patternProbe(facts: FuzzFacts): fc.Arbitrary<FuzzRequest[]> {
  return fc
    .record({
      path: fc.constantFrom('/api/v2/goals/*a*a*a*a*a*a*a*a*b', `/api/v2/${'*a'.repeat(400)}*b`),
      run: fc.constantFrom(46, 200, 2_000),
    })
    .map(({ path, run }): FuzzRequest[] => [
      {
        method: 'PUT',
        url: '/__mock/overrides',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rules: [{ method: 'GET', path, status: 401, uses: 1 }] }),
        operationId: 'setOverrides',
      },
      {
        method: 'GET',
        url: `/api/v2/goals/${'a'.repeat(run)}`,
        headers: { authorization: `Bearer ${facts.tokens.own}` },
        operationId: 'getGoal',
      },
    ]);
}

/** Every operation id of both specs, for the coverage a run must reach. */
export function allOperationIds(): string[] {
  return [...getCompiledSpec().operations, ...getCompiledControlSpec().operations].map((op) => op.operationId);
}
