// A broken variant (or the sound mock) served over real HTTP on 127.0.0.1, for what talks to a server by URL
// rather than through a fetch function: a saved repro run by vitest itself, another tool's figure.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createMock } from '../../src/index.js';
import { brokenFetch, type Variant } from './broken-variants.js';

export interface ServedVariant {
  /** Ends with /api/v2. */
  baseUrl: string;
  /** The default person's read-write token (MK1). */
  token: string;
  close(): Promise<void>;
}

/**
 * Serves `brokenFetch(createMock({ now }), variant)` on a free port of 127.0.0.1 (variant null: the sound mock).
 * @example const served = await serveVariant(variant, '2026-11-20T15:00:00Z'); …; await served.close()
 */
export async function serveVariant(variant: Variant | null, now: string): Promise<ServedVariant> {
  const mock = createMock({ now });
  const broken = brokenFetch(mock, variant);
  const server: ServerType = await new Promise((resolve) => {
    const started = serve(
      {
        hostname: '127.0.0.1',
        port: 0,
        fetch: async (request) =>
          broken(request.url, {
            method: request.method,
            headers: request.headers,
            body: request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text(),
          }),
      },
      () => resolve(started),
    );
  });
  const { port } = server.address() as AddressInfo;
  const tokens = (await (await mock.app.request('/__mock/tokens')).json()) as Array<{ read_write: string }>;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v2`,
    token: tokens[0]!.read_write,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
