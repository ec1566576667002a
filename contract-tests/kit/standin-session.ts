// The kit against a standin works in a world of its own: an X-Mock-Session (MK5) named afresh for each run, which
// every request of the run carries (the API's, the activity hook's, the controls'), dropped at the end. What the
// run writes — goals, updates, check-in answers, the activities it cannot delete — then never reaches the shared
// world that a demo, a dashboard or a webhook subscriber watches. A session left behind (a killed run) is dropped
// by the server once idle for its --session-ttl (an hour by default). Any other server gets no header.

/** The header that names a session (MK5). */
const SESSION_HEADER = 'x-mock-session';

/**
 * The root of a standin's controls when `baseUrl` is a standin's API (its GET /__mock/world answers), else
 * null: a server that is not standin, or one whose controls need a control token the kit is not given.
 * @example await standinRoot('http://127.0.0.1:4010/api/v2', fetch) // 'http://127.0.0.1:4010'
 */
export async function standinRoot(baseUrl: string, doFetch: typeof fetch): Promise<string | null> {
  const root = baseUrl.replace(/\/api\/v2$/, '');
  try {
    const response = await doFetch(`${root}/__mock/world`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const world = (await response.json()) as { seed?: unknown; activity_hook?: unknown } | null;
    return typeof world?.seed === 'number' && typeof world.activity_hook === 'object' ? root : null;
  } catch {
    return null;
  }
}

/**
 * A session name no other run takes: the run's id and a random part, within MK5's 64 characters of
 * letters, digits, dots, dashes and underscores.
 * @example sessionName('run-lx3k9a') // 'standin-contract-run-lx3k9a-3f9c1a2b'
 */
export function sessionName(runId: string): string {
  const id = runId.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 30);
  return `standin-contract-${id}-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * A fetch that names the session on every request to the standin at `root` (and to nothing else).
 * @example const inSession = withSession(fetch, 'http://127.0.0.1:4010', 'standin-contract-run-1-ab12cd34')
 */
export function withSession(doFetch: typeof fetch, root: string, session: string): typeof fetch {
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== root && !url.startsWith(`${root}/`)) return doFetch(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(SESSION_HEADER, session);
    return doFetch(input, { ...init, headers });
  };
}

/**
 * Drops the run's session and its world (DELETE /__mock/sessions/{name}); true when it is gone. Never throws: a
 * session the server could not drop now goes once idle for the server's --session-ttl.
 * @example await dropSession('http://127.0.0.1:4010', 'standin-contract-run-1-ab12cd34', fetch) // true
 */
export async function dropSession(root: string, session: string, doFetch: typeof fetch): Promise<boolean> {
  try {
    const response = await doFetch(`${root}/__mock/sessions/${session}`, {
      method: 'DELETE',
      signal: AbortSignal.timeout(5000),
    });
    await response.body?.cancel();
    // 404: no request of the run reached the server with it (a preflight that stopped early): nothing to drop.
    return response.status === 204 || response.status === 404;
  } catch {
    return false;
  }
}
