// Code a page loads with its first use, answering as Node's at hand does: G8's describer of refused values
// (describer.ts), loaded by the first request a check refuses, and DG1's digest (digest-module.browser.ts), loaded
// by the first GET /digest. Node has both at hand; here each is taken away, or put in the page's variant, and the
// answers must be the same bytes, with a 503 (never a 500) when a page cannot fetch the chunk.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

type App = typeof import('../src/http/app.js');
type Describer = typeof import('../src/spec/describer.js');

/** How many of the next describer loads fail, as a page offline does. */
const page = { failing: 0, loads: 0 };

let createMock: App['createMock'];
let describer: Describer;

beforeAll(async () => {
  vi.doMock('../src/http/handlers/digest-module.js', () => import('../src/http/handlers/digest-module.browser.js'));
  vi.doMock('../src/spec/compiled-spec.js', async () => {
    const actual = await vi.importActual<typeof import('../src/spec/compiled-spec.js')>('../src/spec/compiled-spec.js');
    return {
      ...actual,
      loadDescriber: () => {
        page.loads++;
        if (page.failing > 0) {
          page.failing--;
          return Promise.reject(new Error('Failed to fetch describe-errors.js'));
        }
        return actual.loadDescriber();
      },
    };
  });
  vi.resetModules();
  ({ createMock } = await import('../src/http/app.js'));
  describer = await import('../src/spec/describer.js');
});

afterAll(async () => {
  (await import('../src/spec/describer.js')).useDescriber(null);
  vi.doUnmock('../src/http/handlers/digest-module.js');
  vi.doUnmock('../src/spec/compiled-spec.js');
  vi.resetModules();
});

const NOW = '2026-11-20T15:00:00Z';

async function answer(mock: ReturnType<App['createMock']>, path: string, init: RequestInit = {}) {
  const tokens = (await (await mock.app.request('/__mock/tokens')).json()) as Array<{ read_write: string }>;
  const res = await mock.app.request(path, {
    ...init,
    headers: { authorization: `Bearer ${tokens[0]!.read_write}`, 'content-type': 'application/json' },
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
}

describe('G8 describer on demand', () => {
  const REFUSED: Array<[string, RequestInit?]> = [
    ['/api/v2/goals?per_page=many'],
    ['/api/v2/goals/not-an-id'],
    ['/api/v2/goals', { method: 'POST', body: JSON.stringify({ title: 7 }) }],
  ];
  it.each(REFUSED)('%s is refused in the same words with the describer loaded first', async (path, init) => {
    const atHand = await answer(createMock({ seed: 42, now: NOW }), path, init);
    describer.useDescriber(null);
    const loads = page.loads;
    const onDemand = await answer(createMock({ seed: 42, now: NOW }), path, init);
    expect(onDemand).toEqual(atHand);
    expect(atHand.status).toBeGreaterThanOrEqual(400);
    // A body's checks load with the describer (loadBodyChecks); a path's or a query's refusal loads it alone.
    if (init === undefined) expect(page.loads).toBeGreaterThan(loads);
    expect(describer.describerAtHand()).toBe(true);
  });

  it('a fault profile refused before the describer is in place is an OptionError naming its field (MK6, G8)', () => {
    // A page's createMock is synchronous: it cannot wait for the describer, so its refusal is told plainly.
    describer.useDescriber(null);
    const faults = { rules: [{ faults: [{ kind: 'error', status: 503, rate: 'often' }] }] };
    let thrown: unknown;
    try {
      createMock({ seed: 42, now: NOW, faults } as unknown as Parameters<App['createMock']>[0]);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Error).name).toBe('OptionError');
    expect((thrown as Error).message).toBe(
      'createMock: faults is not a valid profile: rules[0].faults[0].rate must be number',
    );
    expect(describer.describerAtHand()).toBe(false);
  });

  it('a describer the page cannot fetch is a 503 with Retry-After, and the next request loads it again', async () => {
    const mock = createMock({ seed: 42, now: NOW });
    describer.useDescriber(null);
    page.failing = 1;
    const down = await answer(mock, '/api/v2/goals?per_page=many');
    expect([down.status, down.retryAfter]).toEqual([503, '1']);
    expect(JSON.parse(down.body)).toMatchObject({ type: expect.stringContaining('route-unavailable') });
    expect((await answer(mock, '/api/v2/goals?per_page=many')).status).toBe(422);
  });
});

describe('DG1 digest on demand', () => {
  it('answers the first GET /digest once its code loads, then at once, the same bytes', async () => {
    const mock = createMock({ seed: 42, now: NOW });
    const first = await answer(mock, '/api/v2/digest');
    const again = await answer(mock, '/api/v2/digest');
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(JSON.parse(first.body)).not.toEqual([]);
  });
});
