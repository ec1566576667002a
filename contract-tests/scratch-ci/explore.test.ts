import { it } from 'vitest';
import { createMock } from '../../src/index.js';
it('explore', async () => {
  const mock = createMock({ now: '2026-11-20T15:00:00Z' });
  const tokens = await (await mock.app.request('/__mock/tokens')).json();
  const t = tokens[0].read_write;
  const get = async (p: string) => (await mock.app.request('/api/v2' + p, { headers: { authorization: `Bearer ${t}` } })).json();
  const me = await get('/me');
  console.log('me', me.name, me.time_zone, me.teams, tokens.length);
  console.log('teams', JSON.stringify(await get('/teams?per_page=50')));
  let all: any[] = [];
  for (let p = 1; ; p++) { const b = await get(`/check-ins?since=2026-11-01&per_page=50&page=${p}`); all.push(...b); if (b.length < 50) break; }
  console.log('checkins since 11-01', all.length, 'absent', all.filter(c => c.absent).length, 'fresh', all.filter(c => c.completed_at === null).length);
  let all2: any[] = [];
  for (let p = 1; ; p++) { const b = await get(`/check-ins?per_page=50&page=${p}`); all2.push(...b); if (b.length < 50) break; }
  console.log('all checkins', all2.length, all2.at(-1).date, 'absent', all2.filter(c => c.absent).map(c=>c.date+' '+c.person.name).slice(0,20));
  const mine = await get(`/check-ins?people_ids[]=${me.id}&per_page=5`);
  console.log(JSON.stringify(mine.slice(0,2), null, 1));
  const qs = await get('/echo/questions?per_page=50');
  console.log('questions', qs.length, qs.filter((q: any) => q.paused_at).length, JSON.stringify(qs[0]));
  const ans = await get(`/echo/questions/${qs[0].id}/answers?per_page=5`);
  console.log(JSON.stringify(ans.slice(0,2)));
  const acts = await get('/activities?per_page=50');
  console.log('acts', acts.length, JSON.stringify(acts[0]), [...new Set(acts.map((a: any) => a.kind))]);
  console.log('people', (await get('/people?per_page=50')).length);
});
