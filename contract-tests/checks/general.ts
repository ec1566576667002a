// G1–G14 through the API alone: shapes, pagination, array parameters, person filters, problems, tokens,
// ETags, CORS — and the negative cases every operation shares (no token, unknown token, read-only writes).
import { getCompiledSpec } from '../../src/spec/compiled-spec.js';
import { ensure, NotRun, type CheckGroup } from '../kit/check.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A path of the operation with every template parameter filled by `id`. */
function pathOf(template: string, id: string): string {
  return template.replace(/\{\w+\}/g, id);
}

export const general: CheckGroup = {
  name: 'general',
  title: 'General (G1–G14)',
  checks: [
    {
      rule: 'G1',
      title: 'lists are bare JSON arrays and records bare objects',
      async run({ client }) {
        for (const path of ['/goals', '/check-ins', '/people', '/teams', '/echo/questions', '/activities']) {
          const { body } = await client.expect(200, 'GET', path);
          ensure(Array.isArray(body), 'G1', `${path} must answer a bare JSON array`);
        }
        const { body } = await client.expect(200, 'GET', '/me');
        ensure(body && typeof body === 'object' && !Array.isArray(body), 'G1', 'GET /me must answer a bare object');
      },
    },
    {
      rule: 'G2',
      title: 'ids are lowercase UUID v4; unknown and malformed path ids give 404',
      async run({ client }) {
        for (const path of ['/people', '/teams', '/goals', '/check-ins']) {
          for (const record of (await client.expect(200, 'GET', `${path}?per_page=50`)).body) {
            ensure(UUID_V4.test(record.id), 'G2', `${path}: id ${record.id} is not a lowercase UUID v4`);
          }
        }
        for (const path of [`/goals/${UNKNOWN_ID}`, '/goals/not-a-uuid', `/people/${UNKNOWN_ID}`]) {
          await client.expect(404, 'GET', path, {}, 'G2');
        }
        // Ids are lowercase: the uppercase form of a real id names no record.
        await client.expect(404, 'GET', `/people/${(await client.expect(200, 'GET', '/me')).body.id.toUpperCase()}`, {}, 'G2');
      },
    },
    {
      rule: 'G4',
      title: 'per_page defaults to 30 and is clamped to 50 on a list longer than 50; a page past the end is []; bad values give 422',
      async run({ client }) {
        // The default and the clamp only show on a list with more than 50 records.
        let long: string | undefined;
        for (const path of ['/check-ins', '/activities', '/goals', '/people']) {
          if ((await client.expect(200, 'GET', `${path}?per_page=50&page=2`)).body.length > 0) {
            long = path;
            break;
          }
        }
        if (!long) throw new NotRun('no list has more than 50 records to show the default and the clamp');
        const first = (await client.expect(200, 'GET', long)).body;
        ensure(first.length === 30, 'G4', `GET ${long} without per_page holds ${first.length} records, expected the default 30`);
        const clamped = (await client.expect(200, 'GET', `${long}?per_page=500`)).body;
        ensure(clamped.length === 50, 'G4', `GET ${long}?per_page=500 holds ${clamped.length} records, expected 50 (clamped)`);
        const all = await client.walk('/people');
        const past = (await client.expect(200, 'GET', `/people?per_page=50&page=${Math.ceil(all.length / 50) + 1}`)).body;
        ensure(past.length === 0, 'G4', 'a page past the end must be []');
        for (const query of ['page=0', 'per_page=0', 'page=abc', 'per_page=1.5']) {
          const { body } = await client.expect(422, 'GET', `/people?${query}`, {}, 'G4');
          const name = query.split('=')[0];
          ensure(body.errors?.some((e: { name: string }) => e.name === name), 'G4', `${query}: the problem must name ${name}`);
        }
      },
    },
    {
      rule: 'G5',
      title: 'array parameters take the repeated bracket form; the bare and comma forms give 400 showing it',
      async run({ client, me }) {
        const team = me.teams[0];
        ensure(team, 'G5', 'GET /me lists no team to filter by');
        const raw = await client.expect(200, 'GET', `/goals?team_ids[]=${team.id}`);
        const encoded = await client.expect(200, 'GET', `/goals?team_ids%5B%5D=${team.id}`);
        ensure(raw.text === encoded.text, 'G5', 'raw and percent-encoded brackets must give the same answer');
        for (const query of [`team_ids=${team.id}`, `team_ids=${team.id},${team.id}`]) {
          const { body } = await client.expect(400, 'GET', `/goals?${query}`, {}, 'G5');
          ensure(String(body.detail).includes('team_ids[]='), 'G5', `the problem for ${query} must show the bracket form`);
        }
        await client.expect(422, 'GET', `/check-ins?team_ids[]=${team.id}&team_ids[]=nope`, {}, 'G5');
      },
    },
    {
      rule: 'G6',
      title: 'person filters refuse me and self with 422 pointing to GET /me',
      async run({ client }) {
        for (const path of ['/goals', '/check-ins', '/activities']) {
          for (const literal of ['me', 'self']) {
            const { body } = await client.expect(422, 'GET', `${path}?people_ids[]=${literal}`, {}, 'G6');
            ensure(JSON.stringify(body).includes('GET /me'), 'G6', `${path}: the problem must point to GET /me`);
          }
        }
      },
    },
    {
      rule: 'G7',
      title: 'unknown query parameters are ignored',
      async run({ client }) {
        const plain = await client.expect(200, 'GET', '/people?per_page=5');
        const extra = await client.expect(200, 'GET', '/people?per_page=5&colour=blue');
        ensure(plain.text === extra.text, 'G7', 'an unknown query parameter changed the answer');
      },
    },
    {
      rule: 'G8',
      title: 'malformed JSON 400, not JSON 415, invalid values 422, unknown route 404, wrong method 405 with Allow',
      async run(ctx) {
        ctx.requireWrites();
        const { client } = ctx;
        const json = { 'content-type': 'application/json' };
        await client.expect(400, 'POST', '/goals', { rawBody: '{"title": ', headers: json }, 'G8');
        await client.expect(415, 'POST', '/goals', { rawBody: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 'G8');
        const invalid = await client.expect(422, 'POST', '/goals', { body: { private: 'yes' } }, 'G8');
        ensure(invalid.body.errors?.some((e: { name: string }) => e.name === 'private'), 'G8', 'the 422 must name the field private');
        const unknown = await client.request('GET', '/no-such-route');
        ensure(unknown.status === 404 && /problem\+json/.test(unknown.headers.get('content-type') ?? ''), 'G8', `an unknown route must give a 404 problem, got ${unknown.status}`);
        const wrong = await client.request('PUT', '/goals');
        ensure(wrong.status === 405 && /GET/.test(wrong.headers.get('allow') ?? ''), 'G8', `PUT /goals must give 405 with Allow, got ${wrong.status} Allow ${wrong.headers.get('allow')}`);
        const big = await client.request('POST', '/goals', { rawBody: JSON.stringify({ title: 'x'.repeat(1024 * 1024) }), headers: json });
        ensure(big.status === 413, 'G8', `a body over 1 MiB must give 413, got ${big.status}`);
      },
    },
    {
      rule: 'G9',
      title: 'every operation refuses no token and an unknown token with 401',
      async run({ client, options }) {
        // Under --read-only only safe methods go out, even ones that should be refused.
        for (const op of getCompiledSpec().operations.filter((o) => !options.readOnly || o.method === 'GET')) {
          const path = pathOf(op.path, UNKNOWN_ID);
          const options = op.bodyProperties ? { body: {} } : {};
          await client.expect(401, op.method, path, { ...options, token: null }, 'G9');
          await client.expect(401, op.method, path, { ...options, token: 'standin-contract-unknown-token' }, 'G9');
        }
      },
    },
    {
      rule: 'G9',
      title: 'a read-only token reads, and every write with it gives 403',
      async run(ctx) {
        ctx.requireWrites();
        const readOnly = ctx.readOnlyClient();
        const me = (await readOnly.expect(200, 'GET', '/me')).body;
        ensure(me.id === ctx.me.id, 'G9', 'the read-only token must act as the same person');
        for (const op of getCompiledSpec().operations.filter((o) => o.method !== 'GET')) {
          await readOnly.expect(403, op.method, pathOf(op.path, UNKNOWN_ID), op.bodyProperties ? { body: {} } : {}, 'G9');
        }
      },
    },
    {
      rule: 'G12',
      title: 'a 200 GET carries a weak ETag and a matching If-None-Match gives 304',
      async run({ client }) {
        // The checking client verifies G12 on every 200 GET; this check makes sure some were made.
        await client.expect(200, 'GET', '/me');
        await client.expect(200, 'GET', '/teams');
      },
    },
    {
      rule: 'G13',
      title: 'CORS is open to any origin and exposes ETag and Retry-After',
      async run({ client }) {
        const { target, token } = client;
        const preflight = await target.fetch(`${target.baseUrl}/goals`, {
          method: 'OPTIONS',
          headers: { origin: 'https://app.example', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,content-type' },
        });
        ensure(preflight.headers.get('access-control-allow-origin') === '*', 'G13', `preflight allow-origin is ${preflight.headers.get('access-control-allow-origin')}`);
        const actual = await target.fetch(`${target.baseUrl}/me`, { headers: { origin: 'https://app.example', authorization: `Bearer ${token}` } });
        const exposed = (actual.headers.get('access-control-expose-headers') ?? '').toLowerCase();
        ensure(actual.headers.get('access-control-allow-origin') === '*', 'G13', 'responses must carry Access-Control-Allow-Origin: *');
        for (const header of ['etag', 'retry-after']) ensure(exposed.includes(header), 'G13', `${header} must be exposed, got "${exposed}"`);
      },
    },
  ],
};
