// standin proxy in a test: one started on a free loopback port for the length of a callback, and requests sent to
// it by node:http so that the answer's bytes and header letter case are seen as they came (fetch would decode
// and normalise them). Shared by the proxy's behaviour tests (test/proxy.test.ts) and its attack tests.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { startProxy, type RunningProxy } from '../../src/proxy/proxy-server.js';

/** What startProxy takes beyond the upstream and the address. */
interface ProxyRunOptions {
  har?: string;
  timeoutMs?: number;
  requestTimeoutMs?: number;
}

/**
 * Runs `run` with a proxy to `upstream` (a root URL, or anything with one), waits for its exchanges to be checked
 * and written, and closes it, whatever `run` did.
 * @example await withProxy(upstream.root, async (proxy) => rawRequest(`${proxy.baseUrl}/me`));
 */
export async function withProxy<T>(
  upstream: string | { root: string },
  run: (proxy: RunningProxy) => Promise<T>,
  options: ProxyRunOptions = {},
): Promise<T> {
  const root = typeof upstream === 'string' ? upstream : upstream.root;
  const proxy = await startProxy({ upstream: root, port: 0, host: '127.0.0.1', ...options });
  try {
    const result = await run(proxy);
    await proxy.settled();
    return result;
  } finally {
    await proxy.close();
  }
}

/**
 * A request by node:http; resolves with the status, the headers (parsed and as they came) and the body's bytes.
 * @example const { status, body } = await rawRequest(`${proxy.baseUrl}/me`);
 */
export function rawRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; rawHeaders: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          rawHeaders: response.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

/**
 * A JSON POST through `proxy` to the activity hook of account `acc`, `token` in its query as a source sends it:
 * what the redaction tests look for afterwards.
 * @example await postToHook(proxy, 'tok_live_1', '{}');
 */
export function postToHook(proxy: RunningProxy, token: string, body: Buffer | string): ReturnType<typeof rawRequest> {
  return rawRequest(`${proxy.origin}/hooks/activity/a/acc?token=${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
}
