// The outcome of an exchange the proxy has read: checked against the spec (its findings quoting no secret of the
// request), or said why not and counted apart — the proxy's own answer, a cut one, one outside the spec, one the
// proxy could not read whole.
import { beforeAll, describe, expect, it } from 'vitest';
import { endedExchange, type ExchangeParts } from '../../test/support/ended-exchange.js';
import { getCompiledSpec, loadSpecChecks } from '../spec/compiled-spec.js';
import { CaptureBudget } from './body-capture.js';
import { exchangeOutcome } from './exchange-outcome.js';
import { readExchange } from './read-exchange.js';

const outcomeOf = (parts: ExchangeParts) => exchangeOutcome(readExchange(endedExchange(parts)), getCompiledSpec());

describe("an exchange's outcome", () => {
  // A built tree's checks load on demand; the files run before this one in a worker may not have asked.
  beforeAll(() => loadSpecChecks());

  it.each<[string, ExchangeParts, string, string]>([
    ['the proxy answered', { own: 'upstream-timeout', status: 504 }, 'answered by the proxy: upstream-timeout', 'own'],
    [
      'cut midway, an operation of the spec',
      { cut: 'the client left before the upstream answered', status: 0 },
      'cut midway (the client left before the upstream answered): passed on unchecked',
      'unread',
    ],
    [
      'cut midway, outside the spec',
      { path: '/api/v2/nowhere', cut: 'the answer did not reach the client whole' },
      'cut midway (the answer did not reach the client whole): passed on unchecked',
      'unknown',
    ],
    ['outside the spec', { path: '/api/v2/nowhere' }, 'not in the spec: passed on unchecked', 'unknown'],
    [
      'an answer in an encoding the proxy cannot read',
      { responseHeaders: [['Content-Encoding', 'compress']] },
      'over what the proxy keeps of a body (8 MiB), or in an encoding it cannot read: passed on unchecked',
      'unread',
    ],
    [
      'a request body over what the proxy keeps',
      { method: 'POST', path: '/api/v2/goals', requestBody: 'xyz', budget: new CaptureBudget(2) },
      'over what the proxy keeps of a body (8 MiB), or in an encoding it cannot read: passed on unchecked',
      'unread',
    ],
  ])('is unchecked when %s, saying why', (_what, parts, note, counted) => {
    expect(outcomeOf(parts)).toEqual({ verdict: null, note, counted });
  });

  it("is the spec's verdict otherwise, its findings quoting none of the request's secrets", () => {
    const outcome = outcomeOf({
      requestHeaders: [['Authorization', 'Bearer tok_live_5f3c9a7']],
      responseBody: '{"id":"tok_live_5f3c9a7"}',
    });
    expect(outcome.note).toBeNull();
    expect(outcome.counted).toBe(outcome.verdict);
    expect(outcome.verdict!.operationId).toBe('getMe');
    const g2 = outcome.verdict!.findings.find((f) => f.rule === 'G2');
    expect(g2?.problem).toContain('got "[redacted]"');
    expect(JSON.stringify(outcome)).not.toContain('tok_live_5f3c9a7');
  });
});
