// The kit's checking client on server failures (G8): an answer the spec declares for every operation — a 503
// with Retry-After, a 500, as a mock's fault profile injects them (MK6) — is no spec finding; a status the
// operation does not declare is one, whatever its class.
import { describe, expect, it } from 'vitest';
import { createMock, type MockOptions } from '../../src/index.js';
import { CheckingClient, ContractViolation } from './checking-client.js';
import { Coverage } from './coverage.js';

const BASE_URL = 'http://standin.test/api/v2';

/** A checking client on a fresh mock, as the default person, and the mock. */
async function clientOf(options: MockOptions = {}) {
  const mock = createMock({ now: '2026-11-20T15:00:00Z', ...options });
  const fetch: typeof globalThis.fetch = async (url, init) =>
    mock.app.request(url instanceof Request ? url.url : url, init);
  const [first] = (await (await mock.app.request('/__mock/tokens')).json()) as Array<{ read_write: string }>;
  return { mock, client: new CheckingClient({ baseUrl: BASE_URL, fetch }, first!.read_write, new Coverage()) };
}

describe('the checking client on server failures', () => {
  it('takes an injected 503 and 500 as answers the spec declares: no violation', async () => {
    const { client } = await clientOf({
      faults: { seed: 1, rules: [{ faults: [{ kind: 'error', status: 503, rate: 1, retry_after: 2 }] }] },
    });
    for (const path of ['/me', '/goals', '/check-ins?per_page=5']) {
      const answer = await client.get(path);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('2');
    }
    const failed = await client.post('/goals', { title: 'x' });
    expect(failed.status).toBe(503);
    const { client: healthy } = await clientOf();
    expect((await healthy.get('/me', { headers: { prefer: 'code=500' } })).status).toBe(500);
  });

  it('refuses a status the operation does not declare, a 5xx (504) as any other', async () => {
    const { mock, client } = await clientOf();
    const put = await mock.app.request('/__mock/overrides', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules: [{ method: 'GET', path: '/api/v2/me', status: 504, unchecked: true }] }),
    });
    expect(put.status).toBe(200);
    const refused = await client.get('/me').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ContractViolation);
    expect((refused as ContractViolation).rule).toBe('G8');
    expect((refused as ContractViolation).problems.join(' ')).toMatch(/status 504 is not documented for getMe/);
  });
});
