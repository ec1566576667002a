// Where a request to the proxy goes, read from its request line's target: the path and query forwarded, and
// whether the upstream answers it or the proxy's own pages do.
import { describe, expect, it } from 'vitest';
import { proxyTarget } from './proxy-target.js';

describe('a request target', () => {
  it.each([
    // [target, path forwarded or read, forwarded]
    ['/api/v2', '/api/v2', true],
    ['/api/v2/goals?per_page=5', '/api/v2/goals?per_page=5', true],
    ['/hooks/activity?token=abc', '/hooks/activity?token=abc', true],
    ['/api/v2x', '/api/v2x', false],
    ['/hooks', '/hooks', false],
    ['/', '/', false],
    ['/__mock/requests?limit=2', '/__mock/requests?limit=2', false],
    // A path, never a host: read as a reference, this was the host admin and the path /api/v2/me.
    ['//admin/api/v2/me', '//admin/api/v2/me', false],
    // Absolute form: its path and query only, whatever host it names.
    ['http://elsewhere.example/api/v2/goals?per_page=5', '/api/v2/goals?per_page=5', true],
    ['HTTPS://elsewhere.example/', '/', false],
  ])('%s goes to %s, forwarded: %s', (target, path, forwarded) => {
    expect(proxyTarget(target)).toMatchObject({ path, forwarded });
  });

  it("gives the proxy its own pages' path and query as a URL reads them", () => {
    const { url } = proxyTarget('http://elsewhere.example/__mock/requests?limit=2&limit=3')!;
    expect([url.pathname, url.searchParams.getAll('limit')]).toEqual(['/__mock/requests', ['2', '3']]);
  });

  it.each(['foo://[/api/v2/me', 'a://b:99999/api/v2/me'])(
    'has no target for %s, which no URL parser takes',
    (target) => {
      expect(proxyTarget(target)).toBeNull();
    },
  );
});
