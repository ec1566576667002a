// standin/msw in Node: MSW's setupServer answers a client's fetches from the mock, at any base URL the client
// uses, the controls at the same origin, and leaves every other URL to MSW's unhandled-request policy.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMock } from '../http/app.js';
import { standinHandlers } from './index.js';

const mock = createMock({ now: '2026-11-20T15:00:00Z' });
// A backend whose API lives under another prefix than the mock's /api/v2: the handlers re-address it.
const server = setupServer(...standinHandlers(mock, { baseUrl: 'https://api.example.test/backend/v2/' }));
const unhandled: string[] = [];
// Only this file's hosts: the worker is shared with other files (isolate: false), and a mock of theirs may still
// retry a webhook delivery through the fetch MSW has patched.
const OURS = /^https:\/\/[a-z.]+\.example\.test\//;

beforeAll(() =>
  server.listen({ onUnhandledRequest: (request) => void (OURS.test(request.url) && unhandled.push(request.url)) }),
);
afterAll(() => server.close());

async function token(): Promise<string> {
  const tokens = (await (await fetch('https://api.example.test/__mock/tokens')).json()) as Array<{
    read_write: string;
  }>;
  return tokens[0]?.read_write ?? '';
}

describe('standinHandlers', () => {
  it('answers the API under the base URL, query and headers kept, and the controls at its origin', async () => {
    const headers = { authorization: `Bearer ${await token()}` };
    const me = await fetch('https://api.example.test/backend/v2/me', { headers });
    expect(me.status).toBe(200);
    const person = (await me.json()) as { id: string; kind: string };
    expect(person.id).toBe(mock.world.defaultPersonId);
    const goals = await fetch(`https://api.example.test/backend/v2/goals?per_page=2&people_ids[]=${person.id}`, {
      headers,
    });
    expect(((await goals.json()) as unknown[]).length).toBe(2);
    expect(goals.headers.get('etag')).toMatch(/^W\//);
    // A problem from the mock comes through as it is: G6 on a person filter.
    const refused = await fetch('https://api.example.test/backend/v2/goals?people_ids[]=me', { headers });
    expect(refused.status).toBe(422);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
  });

  it('takes a write with its body, and the world keeps it', async () => {
    const headers = { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' };
    const [goal] = mock.world.store.goalsOfPerson(mock.world.defaultPersonId);
    const created = await fetch(`https://api.example.test/backend/v2/goals/${goal?.id}/goal-updates`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Week 47', confidence: 74 }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ confidence: 60, confidence_description: 'At risk' });
    expect(mock.world.store.latestUpdateOf(goal?.id ?? '')?.title).toBe('Week 47');
  });

  it('leaves other URLs alone: another origin, and paths outside the base', async () => {
    await fetch('https://elsewhere.example.test/backend/v2/me').catch(() => undefined);
    await fetch('https://api.example.test/other/me').catch(() => undefined);
    expect(unhandled).toEqual(['https://elsewhere.example.test/backend/v2/me', 'https://api.example.test/other/me']);
  });

  // Issue 18 item 9: such a base once gave `No route GET /api/v2api/v2/me` on the first request.
  it.each([
    ['https://api.example.test', 'https://api.example.test/api/v2'],
    ['https://api.example.test/', 'https://api.example.test/api/v2'],
    ['', '/api/v2'],
    ['/', '/api/v2'],
  ])('refuses a baseUrl %j without a path at set-up, naming the base meant', (baseUrl, meant) => {
    expect(() => standinHandlers(mock, { baseUrl })).toThrow(
      `standin/msw: baseUrl "${baseUrl}" has no path; give the base the app calls, the API's path included, such as "${meant}"`,
    );
  });
});
