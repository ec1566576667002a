// The dashboard in-process: a page of standin's own files only, a script that calls nothing but operations of
// spec/control.yaml and reads of spec/openapi.yaml (so curl can do all it does), and no control token in
// anything it serves.
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createMock } from '../http/app.js';
import { getCompiledControlSpec, getCompiledSpec } from '../spec/compiled-spec.js';
import { pagesApp } from './pages-app.js';

const NOW = '2026-11-20T15:00:00Z';

describe('GET / (the dashboard)', () => {
  const app = pagesApp(createMock({ now: NOW }));

  it('is a page whose every script, style and link stays on this server', async () => {
    const page = await app.request('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html.startsWith('<!doctype html>')).toBe(true);
    const references = [...html.matchAll(/(?:src|href)="([^"]*)"/g)].map((m) => m[1] ?? '');
    expect(references).toEqual(expect.arrayContaining(['/dashboard/app.js', '/dashboard/style.css', '/docs']));
    expect(references.filter((ref) => !ref.startsWith('/') && ref !== 'data:,')).toEqual([]);
    for (const asset of ['/dashboard/app.js', '/dashboard/style.css']) {
      const answer = await app.request(asset);
      expect(answer.status, asset).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(asset.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
    }
  });

  it('runs one script, bundled, that parses and calls only operations of spec/control.yaml', async () => {
    // The bundle of src/pages/dashboard/ (esbuild writes double quotes): a classic script's parse fails on any
    // import or export left in it, so it needs nothing more from the server than this one file.
    const script = await (await app.request('/dashboard/app.js')).text();
    expect(() => new Script(script)).not.toThrow();
    const calls = [...script.matchAll(/control\(\s*["'](GET|PUT|POST|DELETE)["'],\s*[`'"](\/[^`'"?]*)/g)].map(
      ([, method, path]) => ({ method: method ?? '', path: (path ?? '').replace(/\$\{[^}]*\}/g, 'x') }),
    );
    expect(calls.length).toBeGreaterThanOrEqual(15);
    const spec = getCompiledControlSpec();
    const unknown = calls.filter(({ method, path }) => !spec.findOperation(method, path));
    expect(unknown).toEqual([]);
    // Every kind of action the issue names is there.
    const operations = new Set(calls.map(({ method, path }) => spec.findOperation(method, path)?.operationId));
    for (const id of [
      'getWorldSummary',
      'listRequests',
      'listSessions',
      'dropSession',
      'listOverrides',
      'deleteOverride',
      'listWebhookDeliveries',
      'redeliverWebhook',
    ])
      expect(operations, id).toContain(id);
  });

  it('reads /api/v2 only through GET /__mock/read of GET operations of spec/openapi.yaml, and fetches nothing else', async () => {
    const script = await (await app.request('/dashboard/app.js')).text();
    const reads = [...script.matchAll(/\bapi\(\s*[`'"](\/[^`'"?]*)/g)].map(([, path]) =>
      (path ?? '').replace(/\$\{[^}]*\}/g, 'x'),
    );
    expect(new Set(reads)).toEqual(new Set(['/me', '/goals', '/people', '/check-ins', '/digest', '/action-items']));
    const api = getCompiledSpec();
    expect(reads.filter((path) => api.findOperation('GET', path) === undefined)).toEqual([]);
    // One fetch (beside the one the "connect your app" snippet prints): control()'s to /__mock; api() reads
    // through it, with GET /__mock/read (the default person's read-only view, outside the limits and faults).
    expect(script.match(/\bfetch\((?!`\$\{API\}\/me`)/g)).toHaveLength(1);
    expect(script).toMatch(/fetch\(`\/__mock\$\{path\}`/);
    expect(script).toMatch(/control\("GET", `\/read\?path=\$\{encodeURIComponent\(`\$\{API\}\$\{path\}`\)\}`\)/);
    // And one stream, the controls' GET /__mock/events (spec/control.yaml), which sends nothing.
    expect(script.match(/new EventSource\(/g)).toHaveLength(1);
    expect(script).toMatch(/new EventSource\(`\/__mock\/events\$\{/);
  });

  it('never serves the control token; the page says the controls are protected', async () => {
    const guarded = pagesApp(createMock({ now: NOW, controlToken: 'demo-secret-token' }), {
      controlToken: 'demo-secret-token',
    });
    const texts = await Promise.all(
      ['/', '/dashboard/app.js', '/dashboard/style.css'].map(async (path) => (await guarded.request(path)).text()),
    );
    expect(texts.join('\n')).not.toContain('demo-secret-token');
    expect(texts[0]).toContain('data-protected="true"');
    expect((await guarded.request('/__mock/world')).status).toBe(401);
  });
});
