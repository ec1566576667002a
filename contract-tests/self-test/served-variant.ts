// A broken variant (or the sound mock) served over real HTTP on 127.0.0.1, for what talks to a server by URL
// rather than through a fetch function: a saved repro run by vitest itself (explore-repro-vitest.test.ts), and
// Portman's figure (portman-figure.ts).
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createMock } from '../../src/index.js';
import { brokenFetch, type Variant } from './broken-variants.js';

/** The self-tests' frozen clock, unless another is given. */
const NOW = '2026-11-20T15:00:00Z';

/** A broken server on a real port, with what a client needs to reach it. */
export interface ServedVariant {
  /** The service root, `http://127.0.0.1:<port>` (the activity hook lives there, outside /api/v2). */
  root: string;
  /** `root` + /api/v2. */
  baseUrl: string;
  /** The default person's read-write token (MK1 lists them first, an administrator). */
  token: string;
  hook: { accountId: string; token: string };
  close(): Promise<void>;
}

/**
 * Serves `brokenFetch(createMock({ now }), variant)` (null: the sound mock) on 127.0.0.1 at a free port, so
 * that a client that only speaks HTTP sees what the kit's in-process checks see.
 * @example const served = await serveVariant(null); await fetch(`${served.baseUrl}/me`); await served.close()
 */
export async function serveVariant(variant: Variant | null, now = NOW): Promise<ServedVariant> {
  const mock = createMock({ now });
  const broken = brokenFetch(mock, variant);
  const tokens = (await (await mock.app.request('/__mock/tokens')).json()) as Array<{ read_write: string }>;
  const world = (await (await mock.app.request('/__mock/world')).json()) as {
    activity_hook: { account_id: string; token: string };
  };
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve(
      {
        hostname: '127.0.0.1',
        port: 0,
        // brokenFetch reads a request's body only as a string, as the kit's checking client sends it.
        fetch: async (request: Request) => {
          const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
          return broken(request.url, {
            method: request.method,
            headers: request.headers,
            body: body === '' ? undefined : body,
          });
        },
      },
      () => resolve(started),
    );
  });
  const { port } = server.address() as AddressInfo;
  const root = `http://127.0.0.1:${port}`;
  return {
    root,
    baseUrl: `${root}/api/v2`,
    token: tokens[0]!.read_write,
    hook: { accountId: world.activity_hook.account_id, token: world.activity_hook.token },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
