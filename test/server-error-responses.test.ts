// G8's server and gateway failures in the spec: every operation of the API (and the activity hook, WH1) declares
// 429, 500, 502 and 503 by reference to one definition each, so a new operation cannot forget one; every status a
// fault profile or `Prefer: code=` injects (MK6) is one of them, and each injected answer is one its operation
// documents. A validating proxy, standin's own or Prism, then finds nothing off-spec in a fault.
import { describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { PREFERRED_CODES } from '../src/http/faults.js';
import { getCompiledControlSpec, getCompiledSpec } from '../src/spec/compiled-spec.js';
import { Harness } from './support/harness.js';

const spec = getCompiledSpec();

/** The statuses every operation answers by reference, and the one definition each refers to. */
const SHARED: Record<string, string> = {
  '429': '#/components/responses/TooManyRequests',
  '500': '#/components/responses/ServerError',
  '502': '#/components/responses/BadGateway',
  '503': '#/components/responses/ServiceUnavailable',
};

type Responses = Record<string, OpenAPIV3_1.ReferenceObject | OpenAPIV3_1.ResponseObject>;

/** Each operation of the API's paths with its responses as written (references unresolved). */
function writtenResponses(): Array<{ where: string; responses: Responses }> {
  return spec.operations.map((op) => {
    const item = spec.document.paths?.[op.path] as Record<string, OpenAPIV3_1.OperationObject>;
    return { where: `${op.method} ${op.path}`, responses: item[op.method.toLowerCase()]?.responses as Responses };
  });
}

/** The statuses spec/control.yaml's FaultRule lets a profile inject. */
function faultRuleStatuses(): number[] {
  const schemas = getCompiledControlSpec().document.components?.schemas as Record<string, any>;
  const forms = schemas.FaultRule.properties.faults.items.oneOf as Array<{ properties: Record<string, any> }>;
  return forms.flatMap((form) => (form.properties.status?.enum as number[] | undefined) ?? []);
}

describe('G8 server and gateway failures in the spec', () => {
  it('every operation, the hook included, declares 429, 500, 502 and 503 by reference to one definition each', () => {
    const operations = writtenResponses();
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map((o) => o.where)).toContain('POST /hooks/activity/a/{account_id}');
    for (const { where, responses } of operations) {
      for (const [status, ref] of Object.entries(SHARED))
        expect(responses[status], `${where} ${status}`).toEqual({ $ref: ref });
    }
  });

  it('503 declares Retry-After (not required) and 429 the rate-limit headers too; all four are problem documents', () => {
    const responses = spec.document.components?.responses as Record<string, OpenAPIV3_1.ResponseObject>;
    for (const ref of Object.values(SHARED)) {
      const response = responses[ref.split('/').pop()!]!;
      expect(Object.keys(response.content ?? {}), ref).toEqual(['application/problem+json']);
    }
    expect(Object.keys(responses.ServiceUnavailable?.headers ?? {})).toEqual(['Retry-After']);
    expect((responses.ServiceUnavailable?.headers?.['Retry-After'] as OpenAPIV3_1.HeaderObject).required).toBe(false);
    expect(Object.keys(responses.TooManyRequests?.headers ?? {})).toEqual([
      'Retry-After',
      'RateLimit-Policy',
      'RateLimit',
    ]);
  });

  it('MK6 injects only statuses every operation declares: a fault rule takes 500 or 503, Prefer: code= the same', () => {
    expect(faultRuleStatuses()).toEqual([500, 503]);
    expect([...PREFERRED_CODES]).toEqual([500, 503]);
    for (const op of spec.operations)
      for (const status of faultRuleStatuses()) expect(op.statuses, op.operationId).toContain(String(status));
  });

  it("MK6 an injected fault's answer is one its operation documents, on the API and on the hook", async () => {
    const h = new Harness();
    // The harness holds every answer to its operation's responses: an undocumented status fails the call.
    for (const code of PREFERRED_CODES) {
      const me = await h.get('/api/v2/me', { headers: { prefer: `code=${code}` } });
      expect(me.status).toBe(code);
      expect(me.body.type).toBe('urn:standin:problem:injected-fault');
      const hook = await h.post(
        h.hookPath(),
        { email: h.person().email, source: 'CI', description: 'x' },
        {
          token: null,
          headers: { prefer: `code=${code}` },
        },
      );
      expect(hook.status).toBe(code);
    }
    const unavailable = await h.get('/api/v2/goals', { headers: { prefer: 'code=503' } });
    expect(unavailable.headers.get('retry-after')).toBe('1');
  });
});
