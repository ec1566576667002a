// Replays a saved exploration's steps against a server (issue 37): what the vitest test --explore-out writes
// calls. The same steps and oracle as the exploration, a fresh model, new records of the replay's own.
import { CheckingClient } from '../kit/checking-client.js';
import { Coverage } from '../kit/coverage.js';
import { MARKER } from '../kit/kit-options.js';
import { defaultMockToken } from '../kit/mock-token.js';
import type { ExploreStep } from './explore-step.js';
import { runSteps } from './explore-run.js';
import type { ExploreHook } from './explore-target.js';

export interface ReplayOptions {
  /** Ends with /api/v2. */
  baseUrl: string;
  /** The bearer token; against a standin, its default person's when left out. */
  token?: string;
  steps: readonly ExploreStep[];
  fetch?: typeof fetch;
}

/** WH1: a standin's activity hook (GET /__mock/world), for a replay that posts to it; another server: none. */
async function standinHook(base: string, doFetch: typeof fetch): Promise<ExploreHook | undefined> {
  const root = base.replace(/\/api\/v2$/, '');
  try {
    const response = await doFetch(`${root}/__mock/world`);
    if (!response.ok) return undefined;
    const path = ((await response.json()) as { activity_hook?: { path?: unknown } }).activity_hook?.path;
    if (typeof path !== 'string') return undefined;
    return { client: new CheckingClient({ baseUrl: root, fetch: doFetch }, null, new Coverage()), path };
  } catch {
    return undefined;
  }
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
  const me = await client.expect<{ id: string; username: string }>(200, 'GET', '/me');
  const runId = `replay-${Date.now().toString(36)}`;
  const hook = await standinHook(base, doFetch);
  try {
    await runSteps(
      { client, me: me.body.id, username: me.body.username, hook, title: (word) => `${MARKER} ${runId} ${word}` },
      steps,
    );
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
