// A port on 127.0.0.1 that something else listens on, for the tests of a start refused because its port is in
// use: a plain TCP listener in the test's own process holds it as well as a second standin would (the refusal
// is the operating system's EADDRINUSE either way), without a Node start and a world build.
import { createServer } from 'node:net';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

/**
 * Listens on a free port of 127.0.0.1 until `close` is called.
 * @example const taken = await takenPort(); try { ... taken.port ... } finally { await taken.close(); }
 */
export async function takenPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer((socket) => socket.destroy()).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
