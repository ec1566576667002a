// Issue 34, point 1: a request's way through the mock is one list of named steps, run by one runner (steps.ts),
// and a reader can print it (describeRequestPath, `npm run path -- POST /api/v2/goals/{goal_id}/goal-updates`).
// The list docs/architecture.md shows is this test's: the page cannot drift from the code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMock } from '../src/http/app.js';
import { describeRequestPath } from '../src/http/request-paths.js';
import { PACKAGE_ROOT as ROOT } from '../src/spec/spec-files.js';

/** A POST of a goal update, the write the benchmark measures, from the front to its handler. */
const POST_PATH = [
  'tell (request:start, request:end)',
  'refuse-long-url (G8)',
  'answer-preflight (G13)',
  'choose-world (MK5)',
  'answer-override',
  'faults (MK6)',
  'catch-up (CI1, EC4)',
  'authenticate (G9)',
  'rate-limit (G14)',
  'refuse-read-only-writes (G9)',
  'refuse-over-budget (507)',
  'read-input (G2, G5–G8)',
  'createGoalUpdate (G12, G13)',
];

describe('a request path is one list of named steps', () => {
  const mock = createMock();

  it('prints the steps of POST /api/v2/goals/{goal_id}/goal-updates, in order', () => {
    expect(describeRequestPath(mock, 'POST', '/api/v2/goals/{goal_id}/goal-updates')).toEqual(POST_PATH);
    // As sent, or with any parameter name: the same route.
    expect(describeRequestPath(mock, 'POST', '/api/v2/goals/0b1e/goal-updates?x=1')).toEqual(POST_PATH);
    expect(describeRequestPath(mock, 'post', '/api/v2/goals/{id}/goal-updates')).toEqual(POST_PATH);
  });

  it("takes up a page's kept world right after telling the request, only for a mock that keeps one", () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
    const keeping = createMock({ persist: 'local', storage });
    const kept = [POST_PATH[0], "take-up-kept-world (persist: 'local')", ...POST_PATH.slice(1)];
    expect(describeRequestPath(keeping, 'POST', '/api/v2/goals/{goal_id}/goal-updates')).toEqual(kept);
    expect(describeRequestPath(keeping, 'GET', '/__mock/clock').slice(0, 2)).toEqual(kept.slice(0, 2));
  });

  it('is the list docs/architecture.md shows', () => {
    const page = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    const printed = [
      'POST /api/v2/goals/{goal_id}/goal-updates',
      ...POST_PATH.map((name, i) => `${String(i + 1).padStart(2)}. ${name}`),
    ];
    expect(page).toContain(`\`\`\`\n${printed.join('\n')}\n\`\`\``);
  });

  it('gives the controls the same front, then their guards, and the control token only when there is one', () => {
    const guarded = createMock({ controlToken: 'secret-token-1234' });
    const advance = ['catch-up (CI1, EC4)', 'read-input (G2, G5–G8)', 'advanceClock'];
    expect(describeRequestPath(guarded, 'POST', '/__mock/clock/advance')).toEqual([
      'tell (request:start, request:end)',
      'refuse-long-url (G8)',
      'cross-origin (G13)',
      'control-token',
      'select-session (MK5)',
      'load-spec-checks',
      ...advance,
    ]);
    expect(describeRequestPath(mock, 'POST', '/__mock/clock/advance')).toEqual([
      'tell (request:start, request:end)',
      'refuse-long-url (G8)',
      'cross-origin (G13)',
      'select-session (MK5)',
      'load-spec-checks',
      ...advance,
    ]);
  });

  it('takes a fixed segment before a parameter, as the router does', () => {
    expect(describeRequestPath(mock, 'GET', '/__mock/webhooks/deliveries').at(-1)).toBe('listWebhookDeliveries');
    expect(describeRequestPath(mock, 'GET', '/__mock/webhooks/{id}').at(-1)).toBe('getWebhook');
  });

  it('names the 405 of a routed path, and the 404 of each area after that area’s steps', () => {
    expect(describeRequestPath(mock, 'DELETE', '/api/v2/me').slice(-2)).toEqual([
      'faults (MK6)',
      'method-not-allowed (G8)',
    ]);
    expect(describeRequestPath(mock, 'GET', '/api/v2/nope').slice(-2)).toEqual(['faults (MK6)', 'no-such-route (G8)']);
    expect(describeRequestPath(mock, 'GET', '/__mock/nope').slice(-2)).toEqual([
      'load-spec-checks',
      'no-such-route (G8)',
    ]);
    expect(describeRequestPath(mock, 'GET', '/favicon.ico')).toEqual([
      'tell (request:start, request:end)',
      'refuse-long-url (G8)',
      'no-such-route (G8)',
    ]);
  });

  it('hands the hooks at the service root the API’s front, then their own checks (WH1)', () => {
    expect(describeRequestPath(mock, 'POST', '/hooks/activity/a/{account_id}').slice(5)).toEqual([
      'faults (MK6)',
      'catch-up (CI1, EC4)',
      'find-account (WH1)',
      'check-hook-token (WH1)',
      'rate-limit (G14)',
      'refuse-over-budget (507)',
      'read-input (G2, G5–G8)',
      'collectActivity (WH1)',
    ]);
  });
});
