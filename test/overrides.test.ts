// Overrides, the journal's whole story and the world's summary: the /__mock additions a demo and a frontend
// developer lean on — answers given instead of the world's, what each request sent and got, what the world holds.
import { describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { startServer } from '../src/server/start-server.js';
import { control, Harness, NOW } from './support/harness.js';

/** The header lines of a GET as they came over the wire (rawHeaders keeps each line, duplicates included). */
function rawHead(url: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    httpRequest(url, (response) => {
      const lines: string[] = [];
      for (let i = 0; i < response.rawHeaders.length; i += 2)
        lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
      response.resume();
      response.on('end', () => resolve(lines));
    })
      .on('error', reject)
      .end();
  });
}

const UNAVAILABLE = { type: 'about:blank', title: 'Service unavailable', status: 503, detail: 'Planned outage.' };

/** A raw /api/v2 request, unchecked against the spec: an unchecked override may answer what the spec forbids. */
async function raw(h: Harness, method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const response = await h.mock.app.request(path, {
    method,
    body,
    headers: { authorization: `Bearer ${h.person().tokens.readWrite}`, ...headers },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('overrides', () => {
  it('a rule answers in place of the world for its uses, is listed with what is left, then the world answers', async () => {
    const h = new Harness();
    const goal = (await h.get('/api/v2/goals?per_page=1')).body[0];
    const put = await control(h, 'PUT', '/overrides', {
      rules: [{ method: 'GET', path: '/api/v2/goals/*', status: 503, body: UNAVAILABLE, uses: 2 }],
    });
    expect(put.status).toBe(200);
    const id = put.body.rules[0].id;
    expect(put.body.rules[0]).toMatchObject({ uses_left: 2, rule: { status: 503 } });

    // The harness's calls hold answers to the spec, which documents no 5xx: these go raw.
    const first = await raw(h, 'GET', `/api/v2/goals/${goal.id}`);
    expect(first.status).toBe(503);
    expect(JSON.parse(first.text)).toEqual(UNAVAILABLE);
    expect(first.headers.get('content-type')).toBe('application/problem+json');
    expect((await control(h, 'GET', '/overrides')).body.rules[0].uses_left).toBe(1);
    // Other paths and methods are not the rule's.
    expect((await h.get('/api/v2/me')).status).toBe(200);
    expect((await raw(h, 'GET', `/api/v2/goals/${goal.id}`)).status).toBe(503);
    expect((await control(h, 'GET', '/overrides')).body.rules).toEqual([]);
    expect((await h.get(`/api/v2/goals/${goal.id}`)).body.id).toBe(goal.id);

    const journal = (await control(h, 'GET', '/requests?limit=4')).body;
    expect(journal.map((e: { status: number; override: string | null }) => [e.status, e.override])).toEqual([
      [200, null],
      [503, id],
      [200, null],
      [503, id],
    ]);
  });

  it('a rule the spec does not allow is refused naming the rule and field, and the rules in force stay', async () => {
    const h = new Harness();
    const kept = await control(h, 'PUT', '/overrides', { rules: [{ method: 'GET', path: '/api/v2/me', status: 503 }] });
    expect(kept.status).toBe(200);
    const refused = await control(h, 'PUT', '/overrides', {
      rules: [
        { method: 'GET', path: '/api/v2/me', status: 200, body: { name: 'No id' } },
        { path: '/api/v2/me', status: 500 },
        { method: 'GET', path: '/api/v2/no-such-thing', status: 200, body: {} },
      ],
    });
    expect(refused.status).toBe(422);
    const named = refused.body.errors.map((e: { name: string; message: string }) => e.name);
    expect(named).toEqual(['rules[0].body', 'rules[1].method', 'rules[2].path']);
    expect(refused.body.errors[1].message).toMatch(/unchecked/);
    expect((await control(h, 'GET', '/overrides')).body.rules).toEqual(kept.body.rules);
    // A server error fits any operation; without a body it answers a problem saying an override answered.
    const outage = await raw(h, 'GET', '/api/v2/me');
    expect(outage.status).toBe(503);
    expect(JSON.parse(outage.text)).toMatchObject({ type: 'urn:standin:problem:override', status: 503 });
    expect((await control(h, 'PUT', '/overrides', { rules: [{ path: 'goals', status: 200 }] })).status).toBe(422);
  });

  it('G8 a server error every operation declares (500, 502, 503) fits any path; an undeclared one (504) is refused', async () => {
    const h = new Harness();
    const declared = await control(h, 'PUT', '/overrides', {
      rules: [500, 502, 503].map((status) => ({ method: 'GET', path: '/api/v2/*', status, uses: 1 })),
    });
    expect(declared.status).toBe(200);
    const refused = await control(h, 'PUT', '/overrides', {
      rules: [{ method: 'GET', path: '/api/v2/me', status: 504 }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        in: 'body',
        name: 'rules[0].status',
        message: expect.stringMatching(/status 504 is not documented for getMe .*unchecked/),
      },
    ]);
    const unchecked = await control(h, 'PUT', '/overrides', {
      rules: [{ method: 'GET', path: '/api/v2/me', status: 504, unchecked: true }],
    });
    expect(unchecked.status).toBe(200);
  });

  it('an unchecked rule answers anything, for its session only; rules go one by one or all at once', async () => {
    const h = new Harness();
    const put = await control(h, 'PUT', '/overrides', {
      rules: [
        {
          path: '/api/v2/me',
          session: 'demo',
          status: 418,
          headers: { 'x-teapot': 'yes' },
          body: { odd: true },
          unchecked: true,
        },
        { method: 'DELETE', path: '/api/v2/goals/*', status: 204 },
      ],
    });
    expect(put.status).toBe(200);
    const [teapot, deletes] = put.body.rules;
    const inSession = await raw(h, 'GET', '/api/v2/me', { 'x-mock-session': 'demo' });
    expect(inSession).toMatchObject({ status: 418, text: '{"odd":true}' });
    expect(inSession.headers.get('x-teapot')).toBe('yes');
    expect(inSession.headers.get('access-control-allow-origin')).toBe('*');
    expect((await raw(h, 'GET', '/api/v2/me')).status).toBe(200);
    expect((await raw(h, 'GET', '/api/v2/me', { 'x-mock-session': 'other' })).status).toBe(200);

    expect((await control(h, 'DELETE', `/overrides/${teapot.id}`)).status).toBe(204);
    expect((await control(h, 'DELETE', `/overrides/${teapot.id}`)).status).toBe(404);
    expect((await raw(h, 'GET', '/api/v2/me', { 'x-mock-session': 'demo' })).status).toBe(200);
    expect((await control(h, 'GET', '/overrides')).body.rules.map((r: { id: string }) => r.id)).toEqual([deletes.id]);
    // A DELETE answered by the rule deletes nothing.
    const goal = (await h.get('/api/v2/goals?per_page=1')).body[0];
    expect((await raw(h, 'DELETE', `/api/v2/goals/${goal.id}`)).status).toBe(204);
    expect((await h.get(`/api/v2/goals/${goal.id}`)).status).toBe(200);
    expect((await control(h, 'DELETE', '/overrides')).status).toBe(204);
    expect((await control(h, 'GET', '/overrides')).body.rules).toEqual([]);
  });
});

describe('overrides refuse what would break later, and leave preflights alone', () => {
  it('a header HTTP does not allow, or one standin writes itself, is refused when put, never a 500 later', async () => {
    const h = new Harness();
    const refused = await control(h, 'PUT', '/overrides', {
      rules: [
        { path: '/api/v2/me', status: 418, headers: { 'bad name': 'x' }, unchecked: true },
        { path: '/api/v2/me', status: 418, headers: { 'x-ok': 'a\nb' }, unchecked: true },
        { method: 'GET', path: '/api/v2/me', status: 503, headers: { 'Content-Type': 'text/plain' } },
      ],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((e: { name: string }) => e.name)).toEqual([
      'rules[0].headers',
      'rules[1].headers',
      'rules[2].headers',
    ]);
    expect((await control(h, 'GET', '/overrides')).body.rules).toEqual([]);
    expect((await h.get('/api/v2/me')).status).toBe(200);
  });

  const FRAMING = [
    ['content-length', '2'],
    ['Transfer-Encoding', 'chunked'],
    ['connection', 'close'],
    ['keep-alive', 'timeout=5'],
    ['proxy-connection', 'keep-alive'],
    ['te', 'trailers'],
    ['trailer', 'x-checksum'],
    ['Upgrade', 'websocket'],
  ] as const;
  it.each(FRAMING.flatMap(([name, value]) => [true, false].map((unchecked) => ({ name, value, unchecked }))))(
    'RFC 9110 §7.6.1: $name is refused in a rule (unchecked: $unchecked), naming rules[i].headers and the header',
    async ({ name, value, unchecked }) => {
      const h = new Harness();
      const kept = await control(h, 'PUT', '/overrides', {
        rules: [{ method: 'GET', path: '/api/v2/me', status: 503 }],
      });
      const rule = unchecked
        ? { path: '/api/v2/me', status: 200, headers: { [name]: value }, body: { a: 'longer than 2' }, unchecked }
        : { method: 'GET', path: '/api/v2/me', status: 503, headers: { 'x-kept': 'yes', [name]: value } };
      const refused = await control(h, 'PUT', '/overrides', {
        rules: [{ path: '/api/v2/goals', status: 503, unchecked: true }, rule],
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([
        {
          in: 'body',
          name: 'rules[1].headers',
          message: `rules[1].headers sets ${name}, which frames the message or manages the connection (RFC 9110 §7.6.1) and which the server writes itself. Drop it: no rule may set it, unchecked or not.`,
        },
      ]);
      // Nothing changed: the rules in force before are the rules in force.
      expect((await control(h, 'GET', '/overrides')).body.rules).toEqual(kept.body.rules);
    },
  );

  it('an unchecked rule may still set headers of its own, beside those standin writes', async () => {
    const h = new Harness();
    const put = await control(h, 'PUT', '/overrides', {
      rules: [
        {
          path: '/api/v2/me',
          status: 200,
          headers: { 'x-partner': 'odd', 'cache-control': 'no-store' },
          body: {},
          unchecked: true,
        },
      ],
    });
    expect(put.status).toBe(200);
    const answer = await raw(h, 'GET', '/api/v2/me');
    expect([answer.status, answer.headers.get('x-partner'), answer.headers.get('cache-control'), answer.text]).toEqual([
      200,
      'odd',
      'no-store',
      '{}',
    ]);
  });

  it.each(['Content-Type', 'content-type', 'CONTENT-TYPE'])(
    'an unchecked rule that sets %s answers with that one content type, not standin’s beside it',
    async (name) => {
      const h = new Harness();
      const put = await control(h, 'PUT', '/overrides', {
        rules: [{ path: '/api/v2/me', status: 200, headers: { [name]: 'text/plain' }, body: 'odd', unchecked: true }],
      });
      expect(put.status).toBe(200);
      const answer = await raw(h, 'GET', '/api/v2/me');
      expect([...answer.headers].filter(([header]) => header === 'content-type')).toEqual([
        ['content-type', 'text/plain'],
      ]);
      // On the wire too: one Content-Type line.
      const running = await startServer({ port: 0, host: '127.0.0.1', now: NOW });
      try {
        await fetch(`${running.baseUrl.replace('/api/v2', '')}/__mock/overrides`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            rules: [
              { path: '/api/v2/me', status: 200, headers: { [name]: 'text/plain' }, body: 'odd', unchecked: true },
            ],
          }),
        });
        const head = await rawHead(`${running.baseUrl}/me`);
        expect(head.filter((line) => /^content-type:/i.test(line)).map((line) => line.toLowerCase())).toEqual([
          'content-type: text/plain',
        ]);
      } finally {
        await running.close();
      }
    },
  );

  it('a pattern answers every operation it reaches, so its answer must suit them all', async () => {
    const h = new Harness();
    const goal = (await h.get('/api/v2/goals?per_page=1')).body[0];
    // /goals/* reaches a goal and its updates: a goal's body is no list of updates.
    const refused = await control(h, 'PUT', '/overrides', {
      rules: [{ method: 'GET', path: '/api/v2/goals/*', status: 200, body: goal }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toMatch(/getGoal.*listGoalUpdates|listGoalUpdates.*getGoal/);
    // A pattern that reaches one operation may answer with its shape.
    const narrowed = await control(h, 'PUT', '/overrides', {
      rules: [{ method: 'GET', path: `/api/v2/goals/${goal.id}`, status: 200, body: { ...goal, title: 'Overridden' } }],
    });
    expect(narrowed.status).toBe(200);
    expect((await h.get(`/api/v2/goals/${goal.id}`)).body.title).toBe('Overridden');
  });

  it('a CORS preflight is answered as ever and spends no use; the overridden request keeps its body in the journal', async () => {
    const h = new Harness();
    const goal = (await h.get('/api/v2/goals?per_page=1')).body[0];
    await control(h, 'PUT', '/overrides', {
      rules: [{ path: '/api/v2/*', status: 503, uses: 1, unchecked: true }],
    });
    const preflight = await h.preflight(`/api/v2/goals/${goal.id}/goal-updates`, 'POST');
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect((await control(h, 'GET', '/overrides')).body.rules[0].uses_left).toBe(1);
    const posted = await raw(
      h,
      'POST',
      `/api/v2/goals/${goal.id}/goal-updates`,
      {
        'content-type': 'application/json',
      },
      '{"confidence":74}',
    );
    expect(posted.status).toBe(503);
    const [entry] = (await control(h, 'GET', '/requests?limit=1')).body;
    expect(entry).toMatchObject({ status: 503, request_body: '{"confidence":74}', override: expect.any(String) });
  });
});

describe('overrides reach the activity hook (WH1) as they reach /api/v2', () => {
  const email = (h: Harness) => h.person().email;

  it('a rule on /hooks/* answers in place of the hook, checked against collectActivity, and the journal names it', async () => {
    const h = new Harness();
    const hook = h.hookPath();
    const put = await control(h, 'PUT', '/overrides', {
      rules: [{ method: 'POST', path: '/hooks/activity/*', status: 503, uses: 1 }],
    });
    expect(put.status).toBe(200);
    const body = JSON.stringify({ email: email(h), source: 'Deploys', description: 'Shipped' });
    const headers = { 'content-type': 'application/json' };
    const outage = await h.mock.app.request(hook, { method: 'POST', headers, body });
    expect(outage.status).toBe(503);
    expect(await outage.json()).toMatchObject({ type: 'urn:standin:problem:override', status: 503 });
    // Its one use spent, the hook answers again.
    expect((await h.mock.app.request(hook, { method: 'POST', headers, body })).status).toBe(201);
    const [last, first] = (await control(h, 'GET', '/requests?limit=2')).body;
    expect([first.status, first.override, last.status, last.override]).toEqual([503, put.body.rules[0].id, 201, null]);
  });

  it('a hook rule is held to the hook operation’s answers: a body it cannot give, or a path no operation has, is refused', async () => {
    const h = new Harness();
    const refused = await control(h, 'PUT', '/overrides', {
      rules: [
        { method: 'POST', path: '/hooks/activity/a/*', status: 201, body: { name: 'not an activity' } },
        { method: 'POST', path: '/hooks/no-such-hook', status: 201, body: {} },
      ],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((e: { name: string }) => e.name)).toEqual(['rules[0].body', 'rules[1].path']);
    expect(refused.body.errors[0].message).toMatch(/collectActivity/);
    // Outside the API's two places, the spec's pattern refuses the path itself.
    const elsewhere = await control(h, 'PUT', '/overrides', { rules: [{ path: '/elsewhere/*', status: 503 }] });
    expect([elsewhere.status, elsewhere.body.errors[0].name]).toEqual([422, 'rules[0].path']);
    // An activity the hook could give is taken.
    const activity = { email: email(h), source: 'Deploys', description: 'Shipped' };
    const made = await h.post(h.hookPath(), activity);
    const ok = await control(h, 'PUT', '/overrides', {
      rules: [{ method: 'POST', path: '/hooks/activity/a/*', status: 201, body: { ...made.body, group: 'Pinned' } }],
    });
    expect(ok.status).toBe(200);
    expect((await h.post(h.hookPath(), activity)).body.group).toBe('Pinned');
  });
});

describe('the journal tells the whole story', () => {
  it('each entry keeps the request body, the answer, a problem’s errors, and `after` gives what is new', async () => {
    const h = new Harness();
    await h.get('/api/v2/me');
    const seen = (await control(h, 'GET', '/requests?limit=1')).body[0].seq;
    const goal = (await h.get('/api/v2/goals?per_page=1')).body[0];
    await h.post(`/api/v2/goals/${goal.id}/goal-updates`, { confidence: 150 });
    const posted = await h.post(`/api/v2/goals/${goal.id}/goal-updates`, { confidence: 74, progress: 10 });
    expect(posted.status).toBe(201);

    const news = (await control(h, 'GET', `/requests?after=${seen}`)).body;
    expect(news.map((e: { seq: number }) => e.seq)).toEqual([seen + 3, seen + 2, seen + 1]);
    const [created, refused, listed] = news;
    expect(JSON.parse(created.request_body)).toEqual({ confidence: 74, progress: 10 });
    expect(JSON.parse(created.response_body)).toEqual(posted.body);
    expect(created.errors).toBeNull();
    expect(refused.status).toBe(422);
    expect(refused.errors.map((e: { name: string }) => e.name)).toEqual(['confidence']);
    expect(listed.request_body).toBeNull();
    expect(JSON.parse(listed.response_body)[0].id).toBe(goal.id);
  });

  it('a long answer is kept cut, saying how much more there was', async () => {
    const h = new Harness();
    const page = await h.get('/api/v2/goals?per_page=50');
    expect(page.text.length).toBeGreaterThan(4096);
    const entry = (await control(h, 'GET', '/requests?limit=1')).body[0];
    expect(entry.response_body).toBe(`${page.text.slice(0, 4096)}… (${page.text.length - 4096} more characters)`);
  });
});

describe('GET /__mock/world', () => {
  it('says what the world holds, and the counts follow the clock and the writes', async () => {
    const h = new Harness();
    // The counts follow the clock's new days and the client's write alone: LW6's people would post updates too.
    await h.simulate('none');
    const before = (await control(h, 'GET', '/world')).body;
    expect(before).toMatchObject({ seed: 42, size: 'small', default_person_id: h.world.defaultPersonId, sessions: 0 });
    expect(before.counts.people).toBe(h.world.store.people.size);
    expect(before.counts.check_ins).toBeGreaterThan(0);
    // Friday to Monday: the weekend has no check-ins (CI1), Monday does.
    await control(h, 'POST', '/clock/advance', { days: 3 });
    const goal = (await h.get('/api/v2/goals?per_page=1')).body[0];
    await h.post(`/api/v2/goals/${goal.id}/goal-updates`, { confidence: 60 });
    const after = (await control(h, 'GET', '/world')).body;
    expect(after.now).not.toBe(before.now);
    expect(after.counts.check_ins).toBeGreaterThan(before.counts.check_ins);
    expect(after.counts.goal_updates).toBe(before.counts.goal_updates + 1);
    await h.get('/api/v2/me', { headers: { 'x-mock-session': 'a' } });
    expect((await control(h, 'GET', '/world')).body.sessions).toBe(1);
  });
});
