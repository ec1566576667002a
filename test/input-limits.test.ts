// G8 input limits in-process: JSON nesting depth on every operation that takes a body, a streamed body cut
// off at its size limit, URL length, and quotes of what was sent bounded in every message, so no input gets
// a 5xx or a problem as large as itself.
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../src/http/request-body.js';
import { MAX_URL_LENGTH } from '../src/http/url-limit.js';
import { activityHookAccount } from '../fixtures/activity-hook.js';
import { DEFAULT_SEED } from '../src/domain/world-base.js';
import { mountOf } from '../src/spec/base-path.js';
import { getCompiledControlSpec, getCompiledSpec, type SpecOperation } from '../src/spec/compiled-spec.js';
import { Harness } from './support/harness.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const HOOK = activityHookAccount(DEFAULT_SEED, undefined);
const HOOK_PATH = `/hooks/activity/a/${HOOK.accountId}?token=${HOOK.token}`;

/** Every operation with a JSON body, under its mount point, path parameters filled with well-formed values. */
const BODY_OPERATIONS = [
  ...getCompiledSpec().operations.map((op) => ({ op, prefix: mountOf(op) })),
  ...getCompiledControlSpec().operations.map((op) => ({ op, prefix: '/__mock' })),
]
  .filter(({ op }) => op.bodyProperties !== null)
  .map(({ op, prefix }) => ({
    op,
    name: `${op.method} ${prefix}${op.path}`,
    // WH1: the hook reads its body only for the world's account and token.
    path: op.base === '' ? HOOK_PATH : prefix + op.path.replace(/\{\w+\}/g, UNKNOWN_ID),
  }));

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Sends a raw JSON body; the answer must be one the operation documents, and never a 5xx. */
async function send(
  h: Harness,
  op: SpecOperation,
  path: string,
  rawBody: string,
  headers: Record<string, string> = {},
) {
  const response = await h.mock.app.request(path, {
    method: op.method,
    body: rawBody,
    headers: { authorization: `Bearer ${h.person().tokens.readWrite}`, 'content-type': 'application/json', ...headers },
  });
  const text = await response.text();
  const body = JSON.parse(text);
  expect(response.status, `${op.method} ${path}: ${text.slice(0, 200)}`).toBeLessThan(500);
  expect(
    op.checkResponse(response.status, response.headers.get('content-type'), body),
    `${op.method} ${path} → ${response.status}`,
  ).toEqual([]);
  return { status: response.status, body, text };
}

describe('G8 JSON nesting', () => {
  const h = new Harness();

  it('G8 the operations under test are every one with a body, in both specs', () => {
    expect(BODY_OPERATIONS.length).toBeGreaterThanOrEqual(20);
    expect(BODY_OPERATIONS.map((o) => o.name)).toEqual(
      expect.arrayContaining(['POST /api/v2/goals', 'PUT /__mock/state', 'PUT /__mock/faults']),
    );
  });

  it.each(BODY_OPERATIONS)(
    'G8 $name answers a body nested 5,000 deep with 400 naming the limit',
    async ({ op, path }) => {
      const field = [...op.bodyProperties!][0];
      for (const rawBody of [nested(5000), `{"${field}": ${nested(5000)}}`]) {
        const { status, body } = await send(h, op, path, rawBody);
        expect(status).toBe(400);
        expect(body.type).toBe('urn:standin:problem:too-deep');
        expect(body.detail).toContain(`${MAX_JSON_DEPTH} levels`);
        expect(body.errors).toEqual([expect.objectContaining({ in: 'body', name: '(request body)' })]);
      }
    },
  );

  it.each(BODY_OPERATIONS)(
    'G8 $name reads a body nested exactly to the limit and validates it',
    async ({ op, path }) => {
      const field = [...op.bodyProperties!][0];
      const atLimit = await send(h, op, path, nested(MAX_JSON_DEPTH));
      expect(atLimit.status).toBe(422);
      expect(atLimit.body.type).toBe('urn:standin:problem:invalid-values');
      const inField = await send(h, op, path, `{"${field}": ${nested(MAX_JSON_DEPTH - 1)}}`);
      expect(inField.status).toBe(422);
      // The field itself, or an item of it when it is a list (`rules[0]` is not an object).
      const names: string[] = inField.body.errors.map((e: { name: string }) => e.name);
      expect(
        names.some((name) => name === field || name.startsWith(`${field}[`)),
        names.join(', '),
      ).toBe(true);
    },
  );

  it('G8 brackets inside strings, escaped quotes included, do not count as nesting', async () => {
    const op = getCompiledSpec().operation('createGoal');
    const description = `\\"${'['.repeat(5000)}\\\\`;
    const created = await send(h, op, '/api/v2/goals', `{"description": "${description}"}`);
    expect(created.status).toBe(201);
    expect(created.body.description).toBe(`"${'['.repeat(5000)}\\`);
    const deepAfterString = await send(
      h,
      op,
      '/api/v2/goals',
      `{"title": "\\\\", "team_ids": ${nested(MAX_JSON_DEPTH)}}`,
    );
    expect(deepAfterString.status).toBe(400);
  });
});

describe('G8 body size, read as it streams', () => {
  /** A body that never ends, in 64 KiB chunks, counting what was pulled from it and whether it was cancelled. */
  function endless() {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    const seen = { pulled: 0, cancelled: false };
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        seen.pulled += chunk.length;
        controller.enqueue(chunk);
      },
      cancel() {
        seen.cancelled = true;
      },
    });
    return { stream, seen };
  }

  /** POSTs `body` as a goal, streamed in process with no declared length, as the default person. */
  async function postStreamedGoal(h: Harness, body: ReadableStream<Uint8Array>): Promise<Response> {
    return await h.mock.app.request('/api/v2/goals', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { authorization: `Bearer ${h.person().tokens.readWrite}`, 'content-type': 'application/json' },
    } as RequestInit);
  }

  it('G8 a body with no length that passes 1 MiB gets 413 with Connection: close, and is read no further', async () => {
    const h = new Harness();
    const { stream, seen } = endless();
    const response = await postStreamedGoal(h, stream);
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.headers.get('connection')).toBe('close');
    expect((await response.json()).type).toBe('urn:standin:problem:body-too-large');
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(MAX_BODY_BYTES + 4 * 64 * 1024);
  });

  // A declared length is trusted no further than the text read: in process (app.request, MSW) nothing holds a
  // body to it, and the limit is in UTF-8 bytes, so three-byte characters are refused at a third of the count.
  it.each([
    { what: 'ASCII, exactly 1 MiB', char: 'x', bytes: 1, chars: MAX_BODY_BYTES - 12, refused: false },
    { what: 'three-byte characters, 1 MiB less a byte', char: '€', bytes: 3, chars: 349_521, refused: false },
    { what: 'three-byte characters, 2 bytes over 1 MiB', char: '€', bytes: 3, chars: 349_522, refused: true },
  ])(
    'G8 a body declared within 1 MiB is measured as read, in UTF-8 bytes: $what',
    async ({ char, bytes, chars, refused }) => {
      const h = new Harness();
      // {"title":""} is 12 bytes: the title's characters fill the rest.
      const body = `{"title":"${char.repeat(chars)}"}`;
      expect(new TextEncoder().encode(body).length).toBe(12 + bytes * chars);
      const response = await h.mock.app.request('/api/v2/goals', {
        method: 'POST',
        body,
        headers: {
          authorization: `Bearer ${h.person().tokens.readWrite}`,
          'content-type': 'application/json',
          'content-length': String(Math.min(body.length, MAX_BODY_BYTES)),
        },
      });
      const problem = (await response.json()) as { type: string };
      if (refused) expect([response.status, problem.type]).toEqual([413, 'urn:standin:problem:body-too-large']);
      // Within the limit the body is read, and its title over G15's length is what is refused.
      else expect([response.status, problem.type]).toEqual([422, 'urn:standin:problem:invalid-values']);
    },
  );

  it('G8 a body that breaks off midway gets 400, never a 5xx', async () => {
    const h = new Harness();
    let sent = false;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error('connection closed'));
        sent = true;
        controller.enqueue(new TextEncoder().encode('{"title": "Half'));
      },
    });
    const response = await postStreamedGoal(h, broken);
    expect(response.status).toBe(400);
    expect((await response.json()).type).toBe('urn:standin:problem:incomplete-body');
    expect(h.mock.journal.list()[0]).toMatchObject({ method: 'POST', status: 400 });
  });

  it('G8 PUT /__mock/state reads bodies past 1 MiB, up to its own limit', async () => {
    const h = new Harness();
    const state = JSON.stringify({
      ...(await (await h.mock.app.request('/__mock/state')).json()),
      padding: ' '.repeat(MAX_BODY_BYTES),
    });
    const response = await h.mock.app.request('/__mock/state', {
      method: 'PUT',
      body: state,
      headers: { 'content-type': 'application/json' },
    });
    // Read whole, and refused only for its unknown field: the size limit did not apply.
    expect(response.status).toBe(422);
    expect((await response.json()).errors.map((e: { name: string }) => e.name)).toEqual(['padding']);
  });
});

describe('G8 quotes of what was sent stay short', () => {
  const h = new Harness();
  const long = 'x'.repeat(100_000);
  const createGoal = getCompiledSpec().operation('createGoal');

  it.each([
    ['an enum field', { update_cadence: long }, 'update_cadence'],
    ['a string field sent as a deep value', { title: [[[[long]]]] }, 'title'],
    ['a date field', { start_date: long }, 'start_date'],
    ['an id list element', { team_ids: [long] }, 'team_ids[0]'],
  ])('G8 a 100,000-character value in %s gives a 422 of under 1,000 characters', async (_what, body, field) => {
    const { status, body: problem, text } = await send(h, createGoal, '/api/v2/goals', JSON.stringify(body));
    expect(status).toBe(422);
    expect(problem.errors.map((e: { name: string }) => e.name)).toEqual([field]);
    expect(problem.errors[0].message).toContain('xxxxxxxxxx');
    expect(text.length).toBeLessThan(1000);
  });

  it('G8 a 100,000-character unknown field name in strict mode gives a short 422', async () => {
    const strict = new Harness({ strict: true });
    const { status, body, text } = await send(strict, createGoal, '/api/v2/goals', JSON.stringify({ [long]: 1 }));
    expect(status).toBe(422);
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].message).toMatch(/^x+\.\.\. is not a writable field/);
    expect(text.length).toBeLessThan(1000);
  });

  it('G8 a 100,000-character Content-Type gives a short 415', async () => {
    const { status, text } = await send(h, createGoal, '/api/v2/goals', '{}', { 'content-type': `text/${long}` });
    expect(status).toBe(415);
    expect(text.length).toBeLessThan(1000);
  });

  it('G5 the bare form of an array with long and many values gives a short 400 that still shows the bracket form', async () => {
    const values = Array.from({ length: 50 }, (_, i) => `${i}${'y'.repeat(100)}`).join(',');
    const response = await h.get(`/api/v2/goals?team_ids=${values}`);
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(
      /team_ids\[\]=0y+\.\.\.&team_ids\[\]=1y+\.\.\.&team_ids\[\]=2y+\.\.\.&… \(G5\)/,
    );
    expect(response.text.length).toBeLessThan(1000);
  });
});

describe('G8 URL length', () => {
  const h = new Harness();
  const auth = { authorization: `Bearer ${h.person().tokens.readWrite}` };

  it.each([
    ['a 10,000-character path', `/api/v2/goals/${'a'.repeat(10_000)}`],
    ['a 10,000-character path under no route', `/api/v2/${'a'.repeat(10_000)}`],
    ['a 10,000-character query', `/api/v2/goals?colour=${'a'.repeat(10_000)}`],
    ['a 10,000-character control path', `/__mock/sessions/${'a'.repeat(10_000)}`],
  ])('G8 %s gets a short 414 problem', async (_what, path) => {
    const response = await h.mock.app.request(path, { headers: auth });
    const text = await response.text();
    expect(response.status).toBe(414);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const problem = JSON.parse(text);
    expect(getCompiledSpec().checkSchema('Problem', problem)).toEqual([]);
    expect(problem).toMatchObject({ status: 414, type: 'urn:standin:problem:url-too-long' });
    expect(problem.detail).toContain(String(MAX_URL_LENGTH));
    expect(text.length).toBeLessThan(500);
  });

  it('G8 a URL at the limit is read as usual', async () => {
    const path = '/api/v2/people?colour=';
    const atLimit = await h.get(path + 'a'.repeat(MAX_URL_LENGTH - path.length));
    expect(atLimit.status).toBe(200);
    expect(atLimit.text).toBe((await h.get('/api/v2/people')).text);
  });
});
