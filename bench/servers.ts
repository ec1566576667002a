// The servers the benchmark drives, each a process of its own: `standin serve`, a raw node:http server
// answering a fixed JSON body (bench/raw-server.ts), and Prism's mock of the same spec.
import { fileURLToPath } from 'node:url';
import { freePort, portOpen, sleep, start, stop, waitForOutput, type Spawned } from './processes.js';

/** The repository's root, two folders above dist/bench. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CLI = fileURLToPath(new URL('../cli/standin.js', import.meta.url));
export const RAW_SERVER = fileURLToPath(new URL('./raw-server.js', import.meta.url));
const PRISM = fileURLToPath(new URL('../../node_modules/.bin/prism', import.meta.url));
const SPEC = fileURLToPath(new URL('../../spec/openapi.yaml', import.meta.url));

/** The fixed clock of every standin the benchmark starts: the same world, the same answers, every run. */
export const NOW = '2026-11-20T15:00:00Z';

export interface Server {
  process: Spawned;
  /** http://127.0.0.1:PORT, without /api/v2. */
  origin: string;
  port: number;
}

export interface Standin extends Server {
  /** The default person's read-write token, from the banner. */
  token: string;
}

/** Lines of the ready banner (src/server/start-server.ts) that say where it listens and who you are. */
export const BANNER = /serving \/api\/v2 at http:\/\/([^:\s]+):(\d+)\/api\/v2[\s\S]*?\n\s+token: (\S+)/;

/** The banner's port and token, once it is printed. */
export async function bannerOf(spawned: Spawned, timeoutMs: number): Promise<{ port: number; token: string }> {
  const match = await waitForOutput(spawned, BANNER, timeoutMs);
  const [, , port, token] = match;
  if (port === undefined || token === undefined) throw new Error('the banner names no port or token');
  return { port: Number(port), token };
}

/**
 * `standin serve --port 0` on the fixed clock; resolves once the banner says it listens. `cli` is another build's
 * command line (a baseline's).
 */
export async function startStandin(
  size: 'small' | 'large',
  extra: string[] = [],
  nodeArgs: string[] = [],
  cli = CLI,
): Promise<Standin> {
  const spawned = start(process.execPath, [
    ...nodeArgs,
    cli,
    'serve',
    '--port',
    '0',
    '--now',
    NOW,
    '--size',
    size,
    ...extra,
  ]);
  try {
    const { port, token } = await bannerOf(spawned, 60_000);
    return { process: spawned, origin: `http://127.0.0.1:${port}`, port, token };
  } catch (error) {
    await stop(spawned);
    throw new Error(`standin serve --size ${size}: ${(error as Error).message}`);
  }
}

/** The raw node:http server answering `body` as application/json to every request. */
export async function startRaw(body: string): Promise<Server> {
  const spawned = start(process.execPath, [RAW_SERVER, body]);
  try {
    const match = await waitForOutput(spawned, /^listening on (\d+)$/m, 10_000);
    const port = Number(match[1]);
    return { process: spawned, origin: `http://127.0.0.1:${port}`, port };
  } catch (error) {
    await stop(spawned);
    throw new Error(`raw node:http server: ${(error as Error).message}`);
  }
}

/**
 * Prism's mock of spec/openapi.yaml. Silent, it prints nothing when ready, so the harness asks until something
 * answers; it takes several seconds to start.
 */
export async function startPrism(timeoutMs = 60_000): Promise<Server> {
  const port = await freePort();
  const spawned = start(PRISM, ['mock', SPEC, '-p', String(port), '-v', 'silent'], { cwd: ROOT });
  const origin = `http://127.0.0.1:${port}`;
  for (const end = performance.now() + timeoutMs; performance.now() < end;) {
    if (spawned.child.exitCode !== null)
      throw new Error(`prism exited (${spawned.child.exitCode}): ${spawned.output.text.slice(-1000)}`);
    if (await portOpen(port)) {
      // Listening is not yet answering: one real request proves the spec is loaded.
      const answer = await fetch(`${origin}/goals/00000000-0000-4000-8000-000000000000`, {
        headers: { authorization: 'Bearer x' },
      }).catch(() => null);
      if (answer) {
        await answer.arrayBuffer();
        return { process: spawned, origin, port };
      }
    }
    await sleep(200);
  }
  await stop(spawned);
  throw new Error(`prism did not answer within ${timeoutMs} ms: ${spawned.output.text.slice(-1000)}`);
}
