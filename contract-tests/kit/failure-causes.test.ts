// Failures grouped by first cause: a broken server whose POST /goals answers 200 for 201 fails every check that
// creates a goal, and the run says so once — one cause, the checks it took down — in its result, at the top of
// its report and in each failing JUnit testcase; causes that differ stay apart.
import { beforeAll, describe, expect, it } from 'vitest';
import { createMock } from '../../src/index.js';
import { defined } from '../../test/support/defined.js';
import { brokenFetch, VARIANTS } from '../self-test/broken-variants.js';
import { checkContract, type ContractRun } from './check-contract.js';
import type { CheckResult } from './check-result.js';
import { exchangeCause, groupFailures, messageCause } from './failure-causes.js';
import { junitXml } from './junit.js';

const BASE_URL = 'http://standin.test/api/v2';
const CREATE_200 =
  'POST /goals: status 200 is not documented for createGoal (documented: 201, 400, 401, 403, 413, 414, 415, 422, 429, 500, 502, 503)';

const failed = (over: Partial<CheckResult>): CheckResult => ({
  group: 'goals',
  rule: 'GO1',
  source: 'interface',
  title: 'a check',
  outcome: 'failed',
  message: 'failed',
  ...over,
});

describe('the cause of a failure', () => {
  it('is the operation and what was expected, the same for every item, id and value', () => {
    const one = exchangeCause('GET', '/goals/0b5c4d3e-1f2a-4b6c-8d9e-0f1a2b3c4d5e/goal-updates?per_page=50', [
      '0.updated_at must look like "2026-11-20T09:00:00Z" (G3); got "2026-04-29T19:30:01.123Z".',
      '7.updated_at must look like "2026-11-20T09:00:00Z" (G3); got "2026-02-17T07:34:56.123Z".',
    ]);
    const other = exchangeCause('GET', '/goals/99999999-1f2a-4b6c-8d9e-0f1a2b3c4d5e/goal-updates', [
      '3.updated_at must look like "2026-11-20T09:00:00Z" (G3); got "2026-11-20T15:00:00.123Z".',
    ]);
    expect(one).toBe('GET /goals/{goal_id}/goal-updates: *.updated_at must look like "2026-11-20T09:00:00Z" (G3)');
    expect(other).toBe(one);
    // Another operation, or another wrong field, is another cause.
    expect(exchangeCause('POST', '/goals/0b5c4d3e-1f2a-4b6c-8d9e-0f1a2b3c4d5e/goal-updates', ['x'])).not.toBe(one);
    expect(
      exchangeCause('GET', '/goals/0b5c4d3e-1f2a-4b6c-8d9e-0f1a2b3c4d5e/goal-updates', [
        '0.created_at must look like "2026-11-20T09:00:00Z" (G3); got "2026-04-29T19:30:01.123Z".',
      ]),
    ).not.toBe(one);
  });

  it("is a rule's own message with its ids, instants and the run's mark left out, and bounded", () => {
    expect(
      messageCause(
        'GO6: GET /goals/0b5c4d3e-1f2a-4b6c-8d9e-0f1a2b3c4d5e answered "[standin-contract] run-lx3k9a goal" at 2026-11-20T15:00:00Z\nmore',
      ),
    ).toBe('GO6: GET /goals/{id} answered "[standin-contract] goal" at {instant}');
    expect(messageCause('x'.repeat(1000))).toHaveLength(300);
    const many = Array.from({ length: 9 }, (_, i) => `field_${i} is not a field of this schema.`);
    expect(exchangeCause('GET', '/me', many)).toBe(
      'GET /me: field_0 is not a field of this schema.; field_1 is not a field of this schema.; field_2 is not a field of this schema.; and 6 more problems',
    );
  });

  it('groups the failures, the cause of the most checks first, each check under one cause', () => {
    const results = [
      failed({ title: 'a', cause: 'B', broke: { rule: 'G3', source: 'interface' } }),
      failed({ title: 'b', cause: 'A' }),
      failed({ title: 'c', rule: 'GU1', cause: 'B', broke: { rule: 'G3', source: 'interface' } }),
      { ...failed({ title: 'd' }), outcome: 'passed' as const },
      failed({ title: 'e', rule: 'PT1', message: 'PT1: GET /me lacks 0b5c4d3e-1f2a-4b6c-8d9e-0f1a2b3c4d5e' }),
    ];
    expect(groupFailures(results)).toEqual([
      {
        n: 1,
        text: 'B',
        broke: [{ rule: 'G3', source: 'interface' }],
        checks: ['GO1 a', 'GU1 c'],
        example: 'failed',
      },
      { n: 2, text: 'A', broke: [{ rule: 'GO1', source: 'interface' }], checks: ['GO1 b'], example: 'failed' },
      {
        n: 3,
        text: 'PT1: GET /me lacks {id}',
        broke: [{ rule: 'PT1', source: 'interface' }],
        checks: ['PT1 e'],
        example: 'PT1: GET /me lacks 0b5c4d3e-1f2a-4b6c-8d9e-0f1a2b3c4d5e',
      },
    ]);
  });
});

describe('a server whose POST /goals answers 200 for 201 (the self-test variant)', () => {
  let run: ContractRun;
  beforeAll(async () => {
    const variant = defined(
      VARIANTS.find((v) => v.name === 'creating a goal answers 200 instead of 201'),
      'the variant',
    );
    const mock = createMock({ now: '2026-11-20T15:00:00Z' });
    run = await checkContract({ baseUrl: BASE_URL, fetch: brokenFetch(mock, variant), modifyExisting: true });
  });

  it('fails 55 checks of one cause: the run names it once, with every check it took down', () => {
    const names = run.results.filter((r) => r.outcome === 'failed').map((r) => `${r.rule} ${r.title}`);
    expect(run.failed).toBe(55);
    expect(run.causes).toEqual([
      {
        n: 1,
        text: CREATE_200,
        broke: [{ rule: 'G1', source: 'interface' }],
        checks: names,
        example: expect.stringMatching(/^POST \/goals with body .*\n→ 200 .*\n {2}expected: status 200 is not/),
      },
    ]);
  });

  it('puts the summary first: the counts, then the cause with the first of its checks, then the detail', () => {
    const lines = run.text.split('\n');
    const passed = run.passed;
    const notRun = run.notRun;
    expect(lines.slice(1, 6)).toEqual([
      "against standin, in a session of the run's own (X-Mock-Session: " +
        `${run.standin!.session}, dropped at the end)`,
      'in force: nothing that changes answers (no overrides, fault profile, rate limits or strict mode)',
      `${passed} passed, 55 failed, ${notRun} not run`,
      '55 failures from 1 cause:',
      `  1. 55 checks: ${CREATE_200} — broke G1 [interface]`,
    ]);
    expect(lines[6]).toMatch(/^ {7}GO1 POST \/goals with an empty body: .*; and 52 more$/);
    // The detail: the cause's request and answer once, and each check it took down on a line of its own.
    expect(run.text.match(/→ 200 /g)).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('    ✗ '))).toHaveLength(55);
    expect(lines.at(-1)).toBe(`${passed} passed, 55 failed, ${notRun} not run`);
    expect(lines.length).toBeLessThan(160);
  });

  it('keeps a JUnit testcase per check, each failure naming its cause group', () => {
    const xml = junitXml(run.results, run.ms / 1000);
    expect((xml.match(/<testcase /g) ?? []).length).toBe(run.results.length);
    const messages = [...xml.matchAll(/<failure message="([^"]*)"/g)].map((m) => m[1]);
    expect(messages).toHaveLength(55);
    const escaped = CREATE_200.replace(/"/g, '&quot;');
    for (const message of messages) expect(message).toContain(`cause 1 of 1, 55 checks: ${escaped} — `);
  });
});
