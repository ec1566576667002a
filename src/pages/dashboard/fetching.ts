// The page's way to the server: control() for /__mock (spec/control.yaml), with the control token and the chosen
// session, and api() for reads of /api/v2 (spec/openapi.yaml) as the default person, through GET /__mock/read:
// answered as the API answers, but outside the world's rate limits, fault profile and override rules, which are
// the app's to meet, not the page's. Nothing else fetches (src/pages/dashboard.test.ts holds the served script to
// that), so the page can do nothing curl cannot.
import { $ } from './dom.js';
import { Failure } from './failure.js';
import { askForToken } from './token-ask.js';

/** Where the tab keeps the control token it was given (the tab only: sessionStorage). */
export const TOKEN_KEY = 'standin-control-token';
/** Where the API is served. */
export const API = '/api/v2';

/**
 * The controls that act on one world take the session header (MK5); the others are the server's, and a header
 * there would make or keep alive the session it names (a dropped one would come back on the next poll).
 */
const WORLD_SCOPED = /^\/(tokens|world|clock|reset|snapshots|faults|state|people|echo|webhooks|read)\b/;

/**
 * The session whose world the page shows (the "world" list); '' for the shared world.
 * @example if (session()) headers['x-mock-session'] = session()
 */
export function session(): string {
  return $<HTMLSelectElement>('session').value;
}

/**
 * The page's requests under way that name a session (MK5), by its name: one landing after that session's DELETE
 * would make it again, so a drop waits for them (requestsSettled).
 */
const underWay = new Map<string, Set<Promise<unknown>>>();

/** `request`, counted under way in session `name` until it settles ('' is the shared world: not counted). */
function track<T>(name: string, request: Promise<T>): Promise<T> {
  if (name === '') return request;
  let requests = underWay.get(name);
  if (!requests) underWay.set(name, (requests = new Set()));
  const counted = requests;
  counted.add(request);
  const done = () => {
    counted.delete(request);
    if (counted.size === 0 && underWay.get(name) === counted) underWay.delete(name);
  };
  request.then(done, done);
  return request;
}

/**
 * Resolves once none of the page's requests naming session `name` is under way (none made after it chose another
 * world can name it).
 * @example select.value = ''; await requestsSettled('demo'); await control('DELETE', '/sessions/demo')
 */
export async function requestsSettled(name: string): Promise<void> {
  for (let requests = underWay.get(name); requests; requests = underWay.get(name)) {
    await Promise.allSettled([...requests]);
  }
}

/**
 * A /__mock call: JSON in and out, the control token and the chosen session sent along.
 * @example await control('POST', '/clock/advance', { days: 1, hours: 0 })
 */
export async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) headers.authorization = `Bearer ${token}`;
  const named = WORLD_SCOPED.test(path) ? session() : '';
  if (named) headers['x-mock-session'] = named;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await track(
    named,
    fetch(`/__mock${path}`, { method, headers, body: body === undefined ? null : JSON.stringify(body) }),
  );
  if (response.status === 401) {
    askForToken();
    throw new Failure(401, 'the controls need the server’s control token');
  }
  const answer = response.status === 204 ? undefined : ((await response.json()) as unknown);
  if (!response.ok) {
    const problem = answer as { detail?: string } | undefined;
    throw new Failure(response.status, problem?.detail ?? response.statusText);
  }
  return answer as T;
}

/**
 * A read of /api/v2 as the default person (read-only: the page never writes there), in the world shown, through
 * GET /__mock/read: not counted by the rate limits (G14), not met by the faults (MK6) nor the overrides, and
 * marked in the journal as this page's own.
 * @example const me = await api<Person>('/me')
 */
export function api<T>(path: string): Promise<T> {
  return control<T>('GET', `/read?path=${encodeURIComponent(`${API}${path}`)}`);
}
