// GET /docs in-process: the page and every file it names come from this server with their types, both specs
// point "Try it" at this server through a relative server URL and hold every operation, the default person's
// token is in the page, the control token is in no answer, and a file the reference does not have is a 404 problem.
import { describe, expect, it } from 'vitest';
import { createMock } from '../http/app.js';
import { getCompiledControlSpec, getCompiledSpec, type CompiledSpec } from '../spec/compiled-spec.js';
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
