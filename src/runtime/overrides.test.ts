// Override rules (PUT /__mock/overrides) as the runtime holds them: what each refusal says (G8, naming the
// field and the fix), which operations a pattern reaches, the answer made once per rule, and its matching.
import { beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../domain/domain-error.js';
import { thrownBy } from '../../test/support/thrown-by.js';
import { loadSpecChecks } from '../spec/compiled-spec.js';
import { putOverrides } from './override-rules.js';
import { Overrides, type OverrideRuleInput } from './overrides.js';

/** The G8 entries a set of rules is refused with; fails the test if they are accepted. */
function refusal(rules: OverrideRuleInput[]): Array<{ name: string; message: string }> {
  const { errors } = thrownBy(() => putOverrides(new Overrides(), rules), DomainError);
  return errors.map(({ name, message }) => ({ name, message }));
}

const FIX = 'Narrow the path, fix the answer, or mark the rule "unchecked": true.';

// An override's body is checked against the response schemas, a module loaded on demand (the controls await it).
beforeAll(() => loadSpecChecks());

describe('Overrides: refusals name the field and the fix (G8)', () => {
  it.each<[string, OverrideRuleInput, string, string]>([
    [
      'a header HTTP does not allow',
      { method: 'GET', path: '/api/v2/me', status: 200, headers: { 'bad name': 'x' } },
      'rules[0].headers',
      'rules[0].headers holds a name or value HTTP does not allow (names are tokens; values have no line breaks).',
    ],
    [
      'headers that frame the message, each named',
      { path: '/api/v2/me', status: 200, unchecked: true, headers: { 'Content-Length': '5', Connection: 'close' } },
      'rules[0].headers',
      'rules[0].headers sets Content-Length, Connection, which frames the message or manages the connection (RFC 9110 §7.6.1) and which the server writes itself. Drop it: no rule may set it, unchecked or not.',
    ],
    [
      "standin's own headers, each named, no other",
      {
        method: 'GET',
        path: '/api/v2/me',
        status: 200,
        headers: { 'content-type': 'text/plain', 'x-other': '1', 'Access-Control-Allow-Origin': '*' },
      },
      'rules[0].headers',
      'rules[0].headers sets content-type, Access-Control-Allow-Origin, which standin writes itself (G13); or mark the rule "unchecked": true.',
    ],
    [
      'no method to check against',
      { path: '/api/v2/me', status: 200 },
      'rules[0].method',
      'rules[0].method is needed to check the rule against the spec; or mark it "unchecked": true.',
    ],
    [
      'a path that reaches no operation',
      { method: 'GET', path: '/api/v2/nothing-here', status: 200 },
      'rules[0].path',
      'rules[0].path reaches no operation of spec/openapi.yaml for GET; see its paths, or mark it "unchecked": true.',
    ],
    [
      // A star needs a segment after `/me/`, and no operation has one.
      'a star past the last segment of every operation',
      { method: 'GET', path: '/api/v2/me/*', status: 503 },
      'rules[0].path',
      'rules[0].path reaches no operation of spec/openapi.yaml for GET; see its paths, or mark it "unchecked": true.',
    ],
    [
      'a status without a body the operation does not document: the status is named',
      { method: 'GET', path: '/api/v2/me', status: 201 },
      'rules[0].status',
      '',
    ],
    [
      'a body the operation does not document: the body is named',
      { method: 'GET', path: '/api/v2/me', status: 200, body: { nothing: true } },
      'rules[0].body',
      '',
    ],
  ])('%s', (_, rule, name, message) => {
    const [entry, ...more] = refusal([{ ...rule }]);
    expect(more).toEqual([]);
    expect(entry!.name).toBe(name);
    if (message) expect(entry!.message).toBe(message);
    else expect(entry!.message.endsWith(FIX)).toBe(true);
  });

  it('lists every operation the pattern reaches, and at most three of their problems, each by operation', () => {
    // `/api/v2/*/x/goal-updates` reaches the goal-updates list only through its template read with each
    // parameter as one segment (`/goals/x/goal-updates`).
    const [entry] = refusal([{ method: 'GET', path: '/api/v2/*/x/goal-updates', status: 200, body: { data: 1 } }]);
    expect(entry!.name).toBe('rules[0].body');
    const [, reached, problems] = /documents for (.*) \(what the path reaches\): (.*)\. Narrow/.exec(entry!.message)!;
    expect(reached).toBe('listGoalUpdates');
    const all = refusal([{ method: 'GET', path: '/api/v2/goals/*', status: 200, body: { nothing: true } }]);
    const [, reachedAll, listed] = /documents for (.*) \(what the path reaches\): (.*)\. Narrow/.exec(all[0]!.message)!;
    expect(reachedAll!.split(', ')).toEqual(['getGoal', 'listGoalUpdates']);
    const each = listed!.split('; ');
    expect(each).toHaveLength(3);
    for (const problem of [...each, problems!]) expect(problem).toMatch(/^(getGoal|listGoalUpdates): \S/);
  });

  it('holds a 5xx to the Problem schema alone, 500 included: no operation documents it', () => {
    expect(() => putOverrides(new Overrides(), [{ method: 'GET', path: '/api/v2/me', status: 500 }])).not.toThrow();
    expect(refusal([{ method: 'GET', path: '/api/v2/me', status: 500, body: { detail: 1 } }])[0]!.name).toBe(
      'rules[0].body',
    );
  });
});

describe('Overrides: the answer a rule makes', () => {
  it.each<[string, Omit<OverrideRuleInput, 'path'>, Record<string, string>, string]>([
    ['a 204 sends no body and no content type, whatever the rule holds', { status: 204, body: { a: 1 } }, {}, ''],
    ['a 200 without a body sends none', { status: 200 }, {}, ''],
    [
      'a 400 with a body is a problem document',
      { status: 400, body: { a: 1 }, headers: { 'x-a': '1' } },
      { 'content-type': 'application/problem+json', 'x-a': '1' },
      '{"a":1}',
    ],
    ['a 399 with a body is JSON', { status: 399, body: [1] }, { 'content-type': 'application/json' }, '[1]'],
    [
      'a 400 without a body answers a problem saying an override answered',
      { status: 400 },
      { 'content-type': 'application/problem+json' },
      JSON.stringify({
        type: 'urn:standin:problem:override',
        title: 'Malformed request',
        status: 400,
        detail: 'An override rule answered in place of the world (/__mock/overrides).',
      }),
    ],
  ])('%s', (_, rule, headers, text) => {
    const overrides = new Overrides();
    putOverrides(overrides, [{ path: '/api/v2/me', unchecked: true, ...rule }]);
    const answer = overrides.answer('GET', '/api/v2/me', undefined)!;
    expect(answer).toEqual({
      id: expect.stringMatching(/^override-\d+$/),
      status: rule.status,
      headers,
      text,
      // MCP6: the journal's note of who answered, by id and pattern.
      decided: { kind: 'override', rule: 'MK6', what: `${answer.id} (any method /api/v2/me)` },
    });
  });
});

describe('Overrides: matching', () => {
  it('a rule without a session answers every session; one with a session only its own', () => {
    const overrides = new Overrides();
    putOverrides(overrides, [
      { path: '/api/v2/me', status: 503, unchecked: true, session: 'alice' },
      { path: '/api/v2/me', status: 502, unchecked: true },
    ]);
    expect(overrides.answer('GET', '/api/v2/me', 'alice')?.status).toBe(503);
    expect(overrides.answer('GET', '/api/v2/me', 'bob')?.status).toBe(502);
    expect(overrides.answer('GET', '/api/v2/me', undefined)?.status).toBe(502);
  });

  it('counts uses down to none and drops the rule; a rule without uses keeps none to count', () => {
    const overrides = new Overrides();
    putOverrides(overrides, [
      { method: 'POST', path: '/api/v2/me', status: 503, unchecked: true, uses: 2 },
      { path: '/api/v2/me', status: 502, unchecked: true },
    ]);
    expect(overrides.size).toBe(2);
    expect(overrides.answer('POST', '/api/v2/me', undefined)?.status).toBe(503);
    expect(overrides.list().map((r) => r.uses_left)).toEqual([1, null]);
    expect(overrides.answer('GET', '/api/v2/me', undefined)?.status).toBe(502);
    expect(overrides.answer('POST', '/api/v2/me', undefined)?.status).toBe(503);
    expect(overrides.size).toBe(1);
    expect(overrides.list().map((r) => r.uses_left)).toEqual([null]);
    expect(overrides.answer('POST', '/api/v2/me', undefined)?.status).toBe(502);
    expect(overrides.answer('GET', '/api/v2/goals', undefined)).toBeUndefined();
  });
});
