// Clients asking GET /api/v2/me while a long control runs (a restore, a reset), in a thread of their own
// (ask-meanwhile.ts): what they saw meanwhile says whether the control held other clients up.
import { Worker } from 'node:worker_threads';
import type { Asked, AskSettings } from './ask-meanwhile.js';
import type { Standin } from './servers.js';

const ASK_MEANWHILE = new URL('./ask-meanwhile.js', import.meta.url);
/** Clients asking meanwhile, each one request after the other on its own keep-alive connection. */
const CLIENTS = 4;
/** A short pause between one client's requests, as a polling client makes. */
const PAUSE_MS = 5;

/**
 * GET /api/v2/me from CLIENTS clients in a thread of their own: resolves once they are asking, with `stop`,
 * which ends them and gives what they saw.
 * @example const clients = await clientsAsking(standin); await longControl(); const { latencies } = await clients.stop();
 */
export async function clientsAsking(standin: Standin): Promise<{ stop: () => Promise<Asked> }> {
  const settings: AskSettings = { origin: standin.origin, token: standin.token, clients: CLIENTS, pauseMs: PAUSE_MS };
  const worker = new Worker(ASK_MEANWHILE, { workerData: settings });
  const messages: Array<(message: 'ready' | Asked) => void> = [];
  worker.on('message', (message: 'ready' | Asked) => messages.shift()?.(message));
  const next = () =>
    new Promise<'ready' | Asked>((resolve, reject) => {
      messages.push(resolve);
      worker.once('error', reject);
    });
  await next();
  return {
    stop: () => {
      const asked = next();
      worker.postMessage('stop');
      return asked as Promise<Asked>;
    },
  };
}
