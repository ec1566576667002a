// GET /docs in-process: the page and every file it names come from this server with their types, both specs
// point "Try it" at this server through a relative server URL and hold every operation, the default person's
// token is in the page, the control token is in no answer, and a file the reference does not have is a 404 problem.
import { describe, expect, it } from 'vitest';
import { createMock } from '../http/app.js';
import { getCompiledControlSpec, getCompiledSpec, loadSpecChecks, type CompiledSpec } from '../spec/compiled-spec.js';
import { pagesApp } from './pages-app.js';

const NOW = '2026-11-20T15:00:00Z';
const ORIGIN = 'http://standin.test:4010';
const mock = createMock({ now: NOW });
const app = pagesApp(mock);

/** The same-origin files the page names in its src and href attributes. */
function assetsOf(html: string): string[] {
  return [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((match) => match[1] ?? '');
}

/** Every `$ref` in a document. */
function refsOf(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsOf);
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' ? [value] : refsOf(value),
  );
}

function operationsOf(document: any): string[] {
  return Object.entries(document.paths as Record<string, Record<string, { operationId: string }>>)
    .flatMap(([path, item]) =>
      ['get', 'post', 'put', 'patch', 'delete']
        .filter((method) => item[method])
        .map((method) => `${method.toUpperCase()} ${path} ${item[method]?.operationId}`),
    )
    .sort();
}

function compiledOperations(spec: CompiledSpec): string[] {
  return spec.operations.map((op) => `${op.method} ${op.path} ${op.operationId}`).sort();
}

describe('GET /docs', () => {
  it('is an HTML page whose every file is served here, with a policy that allows nothing else', async () => {
    const response = await app.request(`${ORIGIN}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8$/i);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await response.text();
    const assets = assetsOf(html);
    expect(assets.length).toBeGreaterThanOrEqual(6);
    for (const asset of assets) expect(asset).toMatch(/^\/docs\/[\w.-]+$/);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it.each([
    ['swagger-ui.css', 'text/css'],
    ['index.css', 'text/css'],
    ['swagger-ui-bundle.js', 'text/javascript'],
    ['swagger-ui-standalone-preset.js', 'text/javascript'],
    ['init.js', 'text/javascript'],
    ['favicon-32x32.png', 'image/png'],
    ['favicon-16x16.png', 'image/png'],
    ['swagger-ui-bundle.js.map', 'application/json'],
  ])('serves /docs/%s as %s', async (file, type) => {
    const response = await app.request(`/docs/${file}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')?.split(';')[0]).toBe(type);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('names every file of the page among those it serves', async () => {
    for (const asset of assetsOf(await (await app.request('/docs')).text())) {
      expect((await app.request(asset)).status, asset).toBe(200);
    }
  });

  it("answers a Swagger UI file's ETag with 304, and keeps it for an hour", async () => {
    const first = await app.request('/docs/swagger-ui.css');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"swagger-ui-dist@5\.35\.0\/swagger-ui\.css"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    const again = await app.request('/docs/swagger-ui.css', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('turns the validator badge off, so the page never asks validator.swagger.io', async () => {
    expect(await (await app.request('/docs/init.js')).text()).toContain('validatorUrl: null');
  });

  it("carries the default person's read-write token", async () => {
    const person = mock.world.store.people.get(mock.world.defaultPersonId);
    const html = await (await app.request('/docs')).text();
    expect(html).toContain(`data-token="${person?.tokens.readWrite}"`);
  });
});

describe('GET /docs/openapi.json and /docs/control.json', () => {
  it('is the API spec, its server this one (relative: no Host echoed), with every operation', async () => {
    const response = await app.request(`${ORIGIN}/docs/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = await response.json();
    expect(document.servers).toEqual([{ url: '/api/v2', description: expect.any(String) }]);
    expect(operationsOf(document)).toEqual(compiledOperations(getCompiledSpec()));
  });

  it('is the control spec, its server this one, with every operation and no reference outside itself', async () => {
    const document = await (await app.request(`${ORIGIN}/docs/control.json`)).json();
    expect(document.servers).toEqual([{ url: '/__mock', description: expect.any(String) }]);
    expect(operationsOf(document)).toEqual(compiledOperations(getCompiledControlSpec()));
    // control.yaml's references into openapi.yaml are now its own, and each resolves.
    const refs = refsOf(document);
    expect(refs.some((ref) => ref.endsWith('/Problem'))).toBe(true);
    for (const ref of new Set(refs)) {
      expect(ref).toMatch(/^#\/components\//);
      const target = ref
        .slice(2)
        .split('/')
        .reduce<any>((node, key) => node?.[key], document);
      expect(target, ref).toBeDefined();
    }
    expect(document.components.securitySchemes.controlToken).toBeDefined();
  });

  it('never echoes the Host a request names (a poisoned Host must not reach the page)', async () => {
    const text = await (await app.request('http://evil.example:8080/docs/openapi.json')).text();
    expect(text).not.toContain('evil.example');
  });
});

/** The examples a served API document carries, by operation: the answer's, the body's, the path parameters'. */
function examplesOf(document: any): Map<string, { status?: string; answer?: unknown; body?: unknown; params: any }> {
  const found = new Map();
  for (const item of Object.values(document.paths as Record<string, Record<string, any>>)) {
    for (const operation of Object.values(item).filter((node) => node?.operationId)) {
      const statuses = Object.entries(operation.responses as Record<string, any>).filter(
        ([, response]) => response.content?.['application/json']?.example !== undefined,
      );
      const [status, response] = statuses[0] ?? [];
      const params = Object.fromEntries(
        (operation.parameters ?? [])
          .filter((p: any) => p.in === 'path' && p.example !== undefined)
          .map((p: any) => [p.name, p.example]),
      );
      const body = operation.requestBody?.content?.['application/json']?.example;
      if (status || body !== undefined || Object.keys(params).length > 0) {
        found.set(operation.operationId, {
          status,
          answer: response?.content['application/json'].example,
          body,
          params,
        });
      }
    }
  }
  return found;
}

describe('/docs/openapi.json: examples from the running world', () => {
  const NOW_ON_THURSDAY = '2026-11-19T15:00:00Z';
  const fresh = () => {
    const world = createMock({ now: NOW_ON_THURSDAY });
    return { world, pages: pagesApp(world) };
  };
  const served = async (pages: ReturnType<typeof pagesApp>) => (await pages.request('/docs/openapi.json')).json();
  const asDefault = async (target: ReturnType<typeof createMock>, path: string) => {
    const person = target.world.store.people.get(target.world.defaultPersonId);
    const response = await target.app.request(`/api/v2${path}`, {
      headers: { authorization: `Bearer ${person?.tokens.readWrite}` },
    });
    return response.json();
  };

  it.each([
    // [operation, its GET as the default person (ids from the example's own parameters)]
    ['getMe', () => '/me'],
    ['getGoal', (p: any) => `/goals/${p.id}`],
    ['getPerson', (p: any) => `/people/${p.id}`],
    ['getCheckIn', (p: any) => `/check-ins/${p.id}`],
    ['getGoalUpdate', (p: any) => `/goal-updates/${p.id}`],
    ['getEchoQuestion', (p: any) => `/echo/questions/${p.id}`],
    ['getActivity', (p: any) => `/activities/${p.id}`],
    ['listGoalUpdates', (p: any) => `/goals/${p.goal_id}/goal-updates?per_page=2`],
    ['listCheckInComments', (p: any) => `/check-ins/${p.check_in_id}/comments?per_page=2`],
    ['listPeople', () => '/people?per_page=2'],
    ['listEchoQuestions', () => '/echo/questions?per_page=2'],
  ] as const)('%s: the example is what the API answers the default person', async (operationId, path) => {
    const { world, pages } = fresh();
    const example = examplesOf(await served(pages)).get(operationId);
    expect(example?.answer, operationId).toBeDefined();
    expect(example?.answer).toEqual(await asDefault(world, path(example?.params)));
  });

  it("listGoals and listCheckIns show the default person's own records", async () => {
    const { world, pages } = fresh();
    const examples = examplesOf(await served(pages));
    const me = world.world.defaultPersonId;
    expect(examples.get('listGoals')?.answer).toEqual(await asDefault(world, `/goals?people_ids[]=${me}&per_page=2`));
    expect(examples.get('listCheckIns')?.answer).toEqual(
      await asDefault(world, `/check-ins?people_ids[]=${me}&per_page=2`),
    );
    // The check-in shown is one its person filled in, not an empty one of today.
    expect(examples.get('getCheckIn')?.answer).toMatchObject({ person: { id: me }, completed_at: expect.any(String) });
  });

  it('gives every operation but the deletes an example, each valid against the spec', async () => {
    const { pages } = fresh();
    const examples = examplesOf(await served(pages));
    await loadSpecChecks(); // the response checks, loaded on demand (spec-source.ts)
    const api = getCompiledSpec();
    const missing = api.operations
      .filter((op) => op.method !== 'DELETE' && !examples.get(op.operationId)?.answer)
      .map((op) => op.operationId);
    expect(missing).toEqual([]);
    for (const op of api.operations) {
      const example = examples.get(op.operationId);
      if (op.method === 'DELETE') {
        // "Try it" must not delete a record of the world in one click.
        expect(example, op.operationId).toBeUndefined();
        continue;
      }
      expect(op.checkResponse(Number(example?.status), 'application/json', example?.answer), op.operationId).toEqual(
        [],
      );
      expect(op.validatePath(example?.params ?? {}).ok, `${op.operationId} path`).toBe(true);
      if (op.bodyProperties) {
        expect(example?.body, `${op.operationId} body`).toBeDefined();
        expect(op.validateBody(example?.body).ok, `${op.operationId} body`).toBe(true);
      }
    }
  });

  it("makes the bodies of the records' own writable fields: a PATCH of the example changes nothing", async () => {
    const { world, pages } = fresh();
    const examples = examplesOf(await served(pages));
    const goal = examples.get('updateGoal');
    const before = await asDefault(world, `/goals/${goal?.params.id}`);
    expect(goal?.body).toMatchObject({
      title: before.title,
      owner_id: before.owner.id,
      team_ids: before.teams.map((t: { id: string }) => t.id),
    });
    const person = world.world.store.people.get(world.world.defaultPersonId);
    const patched = await world.app.request(`/api/v2/goals/${goal?.params.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${person?.tokens.readWrite}`, 'content-type': 'application/json' },
      body: JSON.stringify(goal?.body),
    });
    expect(patched.status).toBe(200);
    const { updated_at: _after, ...after } = await patched.json();
    const { updated_at: _before, ...unchanged } = before;
    expect(after).toEqual(unchanged);
  });

  it('is made when asked: a change to the world shows in the next document', async () => {
    const { world, pages } = fresh();
    const id = examplesOf(await served(pages)).get('getGoal')?.params.id;
    const person = world.world.store.people.get(world.world.defaultPersonId);
    await world.app.request(`/api/v2/goals/${id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${person?.tokens.readWrite}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Renamed for the demo' }),
    });
    expect(examplesOf(await served(pages)).get('getGoal')?.answer).toMatchObject({ id, title: 'Renamed for the demo' });
  });

  it("spends nothing of the server's users: no journal entry, no rate-limit window, no override used", async () => {
    const { world, pages } = fresh();
    world.rateLimit = true;
    const put = await world.app.request('/__mock/overrides', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules: [{ method: 'GET', path: '/api/v2/me', status: 503, uses: 1 }] }),
    });
    expect(put.status).toBe(200);
    const seen = world.journal.last;
    // Each document reads the world some hundred times: well over a burst window's 30 (G14), if they counted.
    for (let i = 0; i < 2; i++) {
      const examples = examplesOf(await served(pages));
      expect(examples.get('getMe')?.answer).toMatchObject({ id: world.world.defaultPersonId });
    }
    expect(world.journal.last).toBe(seen);
    const person = world.world.store.people.get(world.world.defaultPersonId);
    const me = () =>
      world.app.request('/api/v2/me', { headers: { authorization: `Bearer ${person?.tokens.readWrite}` } });
    expect((await me()).status).toBe(503);
    const counted = await me();
    expect(counted.status).toBe(200);
    expect(counted.headers.get('ratelimit')).toMatch(/^"burst";r=29;/);
  });

  it('says whose world the examples are, and carries no token of anyone', async () => {
    const { world, pages } = fresh();
    const text = await (await pages.request('/docs/openapi.json')).text();
    const person = world.world.store.people.get(world.world.defaultPersonId);
    expect(JSON.parse(text).info.description).toContain(
      `The examples are this server's world as ${person?.name} (the default person, ${person?.id}) saw it at ${NOW_ON_THURSDAY}`,
    );
    const tokens = world.world.store.peopleInOrder.flatMap((p) => [p.tokens.readWrite, p.tokens.readOnly]);
    expect(tokens.filter((token) => text.includes(token))).toEqual([]);
  });

  it('leaves the compiled spec as it was, and the control spec without examples', async () => {
    const { pages } = fresh();
    await served(pages);
    expect(examplesOf(getCompiledSpec().document).size).toBe(0);
    expect(examplesOf(await (await pages.request('/docs/control.json')).json()).size).toBe(0);
  });
});

describe('with --control-token', () => {
  const controlToken = 'ctl-secret-5f2a9c';
  const guardedMock = createMock({ now: NOW, controlToken });
  const guarded = pagesApp(guardedMock, { controlToken });
  const everyToken = () =>
    guardedMock.world.store.peopleInOrder.flatMap((p) => [p.tokens.readWrite, p.tokens.readOnly]);

  it('never shows the control token in any /docs answer', async () => {
    const html = await (await guarded.request('/docs')).text();
    const files = ['/docs', '/docs/init.js', '/docs/openapi.json', '/docs/control.json', ...assetsOf(html)];
    for (const file of files) {
      const text = await (await guarded.request(file)).text();
      expect(text, file).not.toContain(controlToken);
    }
  });

  it('shows no example of the world: its records are behind the tokens that are behind the control token', async () => {
    const document = await (await guarded.request('/docs/openapi.json')).json();
    expect(examplesOf(document).size).toBe(0);
    const person = guardedMock.world.store.people.get(guardedMock.world.defaultPersonId);
    expect(JSON.stringify(document)).not.toContain(person?.id);
  });

  it('gives no person’s token either: those are behind the control token too (MK1)', async () => {
    const html = await (await guarded.request('/docs')).text();
    expect(html).toContain('data-token=""');
    expect(everyToken().filter((token) => html.includes(token))).toEqual([]);
  });
});

describe('a file the reference does not have', () => {
  it.each(['/docs/nothing.js', '/docs/package.json', '/docs/swagger-ui.js', '/docs/a/b', '/docs/__proto__'])(
    '%s is a 404 problem',
    async (path) => {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      const problem = await response.json();
      expect(problem).toMatchObject({ status: 404, title: 'Not found' });
      expect(problem.detail).toContain('GET /docs');
    },
  );

  it('/docs/ sends the browser to /docs', async () => {
    const response = await app.request('/docs/');
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('/docs');
  });
});
