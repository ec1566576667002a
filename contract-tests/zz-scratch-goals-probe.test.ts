import { test } from 'vitest';
import { createMock } from '../src/index.js';
test('probe', async () => {
  const mock = createMock({ now: '2026-11-20T15:00:00Z' });
  const tok = (await (await mock.app.request('/__mock/tokens')).json())[0].read_write;
  const h = { authorization: `Bearer ${tok}`, 'content-type': 'application/json' };
  const r = async (m: string, p: string, b?: unknown, raw?: string) => {
    const res = await mock.app.request('/api/v2' + p, { method: m, headers: h, body: raw ?? (b === undefined ? undefined : JSON.stringify(b)) });
    const t = await res.text();
    console.log(m, p, JSON.stringify(b) ?? raw, '→', res.status, t.slice(0, 600));
    try { return JSON.parse(t); } catch { return t; }
  };
  const me = await r('GET', '/me');
  await r('POST', '/goals', { contributor_ids: ['x'], team_ids: ['00000000-0000-4000-8000-000000000000'], owner_id: 5, start_date: '2026-02-30', update_cadence: 'daily', title: 3 });
  await r('POST', '/goals', { start_date: '2026-05-01', end_date: '2026-04-01' });
  const g = await r('POST', '/goals', { title: 'x' });
  await r('POST', `/goals/${g.id}/goal-updates`, { confidence: 101, progress: -1 });
  await r('POST', `/goals/${g.id}/goal-updates`, { confidence: 50.5, progress: '3' });
  await r('POST', `/goals/${g.id}/goal-updates`, undefined, '{"a":');
  await r('PATCH', `/goals/${g.id}`, { parent_id: g.id });
  await r('GET', `/goals/${g.id}/goal-updates?per_page=0`);
  await r('GET', `/goals?since=2026-13-01`);
  await r('GET', `/goals?goal_ids[]=nope`);
  await r('GET', `/goal-updates/nope`);
  await r('POST', `/goals/nope/goal-updates`, {});
  await r('GET', `/teams?per_page=2`);
  await r('GET', `/teams/${me.teams[0].id}`);
  await r('GET', `/people?per_page=2`);
  await r('POST', `/goals`, [1,2]);
  await r('POST', `/goals`, undefined, 'null');
});
