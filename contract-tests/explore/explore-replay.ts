// Replays a saved exploration's steps against a server (issue 37): what the vitest test --explore-out writes
// calls. The same steps and oracle as the exploration, a fresh model, new records of the replay's own.
import { CheckingClient } from '../kit/checking-client.js';
import { Coverage } from '../kit/coverage.js';
import { MARKER } from '../kit/kit-options.js';
import { defaultMockToken } from '../kit/mock-token.js';
import type { ExploreStep } from './explore-step.js';
import { runSteps } from './explore-run.js';

export interface ReplayOptions {
  /** Ends with /api/v2. */
  baseUrl: string;
  /** The bearer token; against a standin, its default person's when left out. */
  token?: string;
  steps: readonly ExploreStep[];
  fetch?: typeof fetch;
}

/**
 * Replays the steps; answers the failure's message, or null when every step held.
 * @example expect(await replaySteps({ baseUrl, steps })).toBeNull()
 */
export async function replaySteps({
  baseUrl,
  token,
  steps,
  fetch: doFetch = fetch,
}: ReplayOptions): Promise<string | null> {
  const base = baseUrl.replace(/\/+$/, '');
  // A replay is a run of its own, without checkContract's preflight: the response checks load here (on demand,
  // spec-source.ts), or the first answer judged would find them missing.
  const { loadSpecChecks } = await import('../../src/spec/compiled-spec.js');
  await loadSpecChecks();
  const bearer = token || (await defaultMockToken(base, doFetch));
  if (!bearer) throw new Error(`replaySteps: no token given, and ${base} is not a standin that names one (MK1)`);
  const client = new CheckingClient({ baseUrl: base, fetch: doFetch }, bearer, new Coverage());
  const me = await client.expect<{ id: string }>(200, 'GET', '/me');
  const runId = `replay-${Date.now().toString(36)}`;
  try {
    await runSteps({ client, me: me.body.id, title: (word) => `${MARKER} ${runId} ${word}` }, steps);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
