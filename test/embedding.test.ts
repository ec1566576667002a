// README's embedding example, run as a test: a client's data layer against the mock in-process, no port at all.
import { expect, it } from 'vitest';
import { createMock } from '../src/index.js';

// --- README example start ---
// A data layer of your app: it only needs a fetch function and a base URL.
function checkInClient(baseUrl: string, token: string, fetchFn: typeof fetch) {
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetchFn(`${baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    if (!response.ok) throw new Error(`${response.status}: ${(await response.json()).detail}`);
    return response.json();
  };
  return {
    /** The documented workflow: find today's check-in, then PATCH it. */
    async fillIn(date: string, answers: { intentions: string; blockers?: string }) {
      const me = await call('/me');
      const [checkIn] = await call(`/check-ins?since=${date}&until=${date}&people_ids[]=${me.id}`);
      if (!checkIn) return null; // absent, or no team scheduled that day
      return call(`/check-ins/${checkIn.id}`, { method: 'PATCH', body: JSON.stringify(answers) });
    },
  };
}

it("fills in today's check-in through the mock, in-process", async () => {
  const mock = createMock({ now: '2026-11-20T15:00:00Z' });
  const [{ read_write: token }] = await (await mock.app.request('/__mock/tokens')).json();
  const client = checkInClient('http://standin.local/api/v2', token, async (input, init) =>
    mock.app.request(input, init),
  );

  const filled = await client.fillIn('2026-11-20', {
    intentions: 'Ship the **billing** fix',
    blockers: 'Waiting on @kklein',
  });

  expect(filled).toMatchObject({ date: '2026-11-20', blocked: true, completed_at: '2026-11-20T15:00:00Z' });
});
// --- README example end ---
