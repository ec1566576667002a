// A worker thread of the restore part: clients asking GET /api/v2/me, each one request after the other on its
// own keep-alive connection, until told to stop; then every latency. A thread of its own, so that what the
// benchmark's own thread does meanwhile (sending a 100 MiB body, collecting its garbage) is never counted as
// the server's slowness.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

export interface AskSettings {
  origin: string;
  token: string;
  clients: number;
  /** A short pause between one client's requests, as a polling client makes. */
  pauseMs: number;
}

export interface Asked {
  latencies: number[];
  failed: number;
}

const settings = workerData as AskSettings;
const agent = new Agent({ keepAlive: true, maxSockets: settings.clients });
const url = new URL('/api/v2/me', settings.origin);
const latencies: number[] = [];
let failed = 0;
let stopped = false;
parentPort!.once('message', () => (stopped = true));

function ask(): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { headers: { authorization: `Bearer ${settings.token}` }, agent }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', () => resolve(0));
    req.end();
  });
}

async function client(): Promise<void> {
  // Ready once each client has its connection open: the PUT starts after that.
  await ask();
  while (!stopped) {
    const sent = performance.now();
    const status = await ask();
    latencies.push(performance.now() - sent);
    if (status !== 200) failed++;
    await new Promise((done) => setTimeout(done, settings.pauseMs));
  }
}

const clients = Array.from({ length: settings.clients }, client);
parentPort!.postMessage('ready');
await Promise.all(clients);
agent.destroy();
parentPort!.postMessage({ latencies, failed } satisfies Asked);
