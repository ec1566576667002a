// G1–G13 through the API alone, where a rule is about the API as a whole: shapes, lowercase ids, the
// default page size, unknown query parameters, problems, the read-only token's person, CORS. What a rule
// asks of every operation is checked per operation (operations.ts).
import { LOWERCASE_UUID_V4 } from '../../src/spec/formats.js';
import { ensure, NotRun, type CheckGroup } from '../kit/check.js';
import type { ApiSchema } from '../../src/types/wire.js';

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
      part: 'lowercase',
      title: 'the ids the server writes are lowercase UUID v4',
      async run({ client }) {
        for (const path of ['/people', '/teams', '/goals', '/check-ins']) {
          for (const record of (await client.expect<Array<{ id: string }>>(200, 'GET', `${path}?per_page=50`)).body) {
            ensure(
              LOWERCASE_UUID_V4.test(record.id),
              'G2',
              `${path}: id ${record.id} is not a lowercase UUID v4`,
              'lowercase',
            );
          }
        }
      },
    },
    {
      rule: 'G2',
      part: 'input',
      title:
        'the upper-case form of a real id finds its record: on a path (200, the same body) and in a filter (the same list)',
      async run({ client }) {
        const me = (await client.expect<ApiSchema<'Person'>>(200, 'GET', '/me')).body;
        for (const path of [`/people/${me.id}`, `/check-ins?people_ids[]=${me.id}&per_page=5`]) {
          const lower = await client.expect(200, 'GET', path, {}, 'G2', 'input');
          const upper = await client.expect(200, 'GET', path.replace(me.id, me.id.toUpperCase()), {}, 'G2', 'input');
          ensure(
            upper.text === lower.text,
            'G2',
            `GET ${path} with the id in upper case must answer what the lowercase id does`,
            'input',
          );
        }
      },
    },
    {
      rule: 'G4',
      part: 'defaults',
      title: 'per_page defaults to 30, and is clamped to 50, on a list longer than 50',
      async run(ctx) {
        const { client } = ctx;
        // The default and the clamp only show on a list with more than 50 records.
        let long: string | undefined;
        for (const path of ['/check-ins', '/activities', '/goals', '/people']) {
          if ((await client.expect<unknown[]>(200, 'GET', `${path}?per_page=50&page=2`)).body.length > 0) {
            long = path;
            break;
          }
        }
        if (!long) throw new NotRun('no list has more than 50 records to show the default and the clamp');
        const first = (await client.expect<unknown[]>(200, 'GET', long)).body;
        ensure(
          first.length === 30,
          'G4',
          `GET ${long} without per_page holds ${first.length} records, expected the default 30`,
          'defaults',
        );
        if (ctx.selects('G4', 'clamp')) {
          const clamped = (await client.expect<unknown[]>(200, 'GET', `${long}?per_page=500`)).body;
          ensure(
            clamped.length === 50,
            'G4',
            `GET ${long}?per_page=500 holds ${clamped.length} records, expected 50 (clamped)`,
            'clamp',
          );
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
        await client.expect(
          415,
          'POST',
          '/goals',
          { rawBody: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
          'G8',
        );
        const invalid = await client.expect<ApiSchema<'Problem'>>(
          422,
          'POST',
          '/goals',
          { body: { private: 'yes' } },
          'G8',
        );
        ensure(
          invalid.body.errors?.some((e) => e.name === 'private'),
          'G8',
          'the 422 must name the field private',
        );
        const unknown = await client.request('GET', '/no-such-route');
        ensure(
          unknown.status === 404 && /problem\+json/.test(unknown.headers.get('content-type') ?? ''),
          'G8',
          `an unknown route must give a 404 problem, got ${unknown.status}`,
        );
        const wrong = await client.request('PUT', '/goals');
        ensure(
          wrong.status === 405 && /GET/.test(wrong.headers.get('allow') ?? ''),
          'G8',
          `PUT /goals must give 405 with Allow, got ${wrong.status} Allow ${wrong.headers.get('allow')}`,
        );
        const big = await client.request('POST', '/goals', {
          rawBody: JSON.stringify({ title: 'x'.repeat(1024 * 1024) }),
          headers: json,
        });
        ensure(big.status === 413, 'G8', `a body over 1 MiB must give 413, got ${big.status}`);
      },
    },
    {
      rule: 'G9',
      title: 'a read-only token reads, as the same person (its writes: the per-operation G9 checks)',
      async run(ctx) {
        const readOnly = ctx.readOnlyClient();
        const me = (await readOnly.expect<ApiSchema<'Person'>>(200, 'GET', '/me')).body;
        ensure(me.id === ctx.me.id, 'G9', 'the read-only token must act as the same person');
      },
    },
    {
      rule: 'G13',
      title: 'CORS is open to any origin and exposes ETag and Retry-After',
      async run({ client }) {
        const { target, token } = client;
        const preflight = await target.fetch(`${target.baseUrl}/goals`, {
          method: 'OPTIONS',
          headers: {
            origin: 'https://app.example',
            'access-control-request-method': 'PATCH',
            'access-control-request-headers': 'authorization,content-type',
          },
        });
        ensure(
          preflight.headers.get('access-control-allow-origin') === '*',
          'G13',
          `preflight allow-origin is ${preflight.headers.get('access-control-allow-origin')}`,
        );
        const actual = await target.fetch(`${target.baseUrl}/me`, {
          headers: { origin: 'https://app.example', authorization: `Bearer ${token}` },
        });
        const exposed = (actual.headers.get('access-control-expose-headers') ?? '').toLowerCase();
        ensure(
          actual.headers.get('access-control-allow-origin') === '*',
          'G13',
          'responses must carry Access-Control-Allow-Origin: *',
        );
        for (const header of ['etag', 'retry-after'])
          ensure(exposed.includes(header), 'G13', `${header} must be exposed, got "${exposed}"`);
      },
    },
  ],
};
