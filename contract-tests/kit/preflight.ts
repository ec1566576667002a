// The kit's set-up, done once per run before any check: does the server answer, is the token known and what
// may it do (each a one-line stop when not), who is the person, and which other tokens to use. A set-up
// request that answers but breaks a rule is not a stop: it is a failure of that rule, and the run goes on.
import type { KitOptions, Person, SetUpFacts } from './kit-options.js';

/** A reason to stop before any check runs, said in one line. */
export class PreflightError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PreflightError';
  }
}

const TIMEOUT_MS = 5000;
/** G1: where the API lives on any server of it. */
const API_PATH = '/api/v2';
/** The group of set-up requests that broke a rule, reported before the checks. */
export const SET_UP_GROUP = 'set-up';

/** The base a URL most likely meant: cut after /api/v2, or with its /api or version segment put right. */
function meantBase(url: string): string {
  const at = url.indexOf(`${API_PATH}/`);
  return at >= 0 ? url.slice(0, at + API_PATH.length) : `${url.replace(/(\/api)?(\/v\d+)?$/, '')}${API_PATH}`;
}

function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if ((error as Error).name === 'TimeoutError') return `no answer within ${TIMEOUT_MS / 1000} s`;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/**
 * Checks, in well under a second on a reachable server, that the kit can work at all, and learns the facts
 * every group needs.
 * @example const facts = await preflight({ baseUrl, token }); // throws PreflightError('cannot reach …')
 */
export async function preflight(options: KitOptions): Promise<SetUpFacts> {
  const doFetch = options.fetch ?? fetch;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const get = (url: string, token?: string) =>
    doFetch(url, {
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  let response: Response;
  try {
    response = await get(`${baseUrl}/me`, options.token);
  } catch (error) {
    throw new PreflightError(
      `cannot reach ${baseUrl} (${describeFetchError(error)}): is the server running, and is the URL right?`,
    );
  }
  const text = await response.text();
  if (response.status === 401 && !options.token)
    throw new PreflightError(
      `--token is required: ${baseUrl} answers, but it is not a standin mock with /__mock/tokens to take one from`,
    );
  if (response.status === 401)
    throw new PreflightError(
      `the server does not know the token: GET ${baseUrl}/me answered 401; pass a token of a person on that server`,
    );
  // G1: the API is versioned in its path. A base without /api/v2 that answers GET /me is a gateway or a proxy
  // (Prism's, in CI) that mounts it elsewhere, and is taken; one that does not most likely lacks the segment.
  if (response.status === 404 && !baseUrl.endsWith(API_PATH))
    throw new PreflightError(
      `GET ${baseUrl}/me answered 404: the base URL must end with the version segment ${API_PATH} (G1), such as ${meantBase(baseUrl)}; got ${options.baseUrl}`,
    );
  if (response.status === 404)
    throw new PreflightError(
      `GET ${baseUrl}/me answered 404: is the base URL right? The API's GET /me is not under it`,
    );
  if (response.status >= 500)
    throw new PreflightError(`GET ${baseUrl}/me answered ${response.status}: the server is not healthy`);

  await refuseAnyTokenMode(get, baseUrl);
  if (options.mcpUrl) await reachMcp(options.mcpUrl, options.token, doFetch);

  const facts: SetUpFacts = { failures: [], otherToken: options.otherToken, readOnlyToken: options.readOnlyToken };
  // The spec's validators load only now, once the server answered and knows the token: a stop is quick.
  const [{ getCompiledSpec, loadSpecChecks }, { exchangeCause }] = await Promise.all([
    import('../../src/spec/compiled-spec.js'),
    import('./failure-causes.js'),
  ]);
  // The response checks too (spec-source.ts loads them on demand): every check of the run judges answers.
  await loadSpecChecks();
  const fail = (rule: string, title: string, message: string, cause: string) =>
    facts.failures.push({
      group: SET_UP_GROUP,
      rule,
      source: getCompiledSpec().rules.sourceOf(rule),
      title: `set-up: ${title}`,
      outcome: 'failed',
      message,
      cause,
    });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const me = body as Person | undefined;
  if (
    response.status !== 200 ||
    !me ||
    typeof me !== 'object' ||
    typeof me.id !== 'string' ||
    !Array.isArray(me.teams)
  ) {
    facts.meProblem = `set-up failed: GET /me answered ${response.status} without a person (PT1)`;
    fail(
      'PT1',
      "GET /me answers the token's person",
      `GET ${baseUrl}/me → ${response.status} ${text.slice(0, 300)}`,
      exchangeCause('GET', '/me', [`a person (PT1), got ${response.status} without one`]),
    );
  } else {
    facts.me = me;
    const problems = getCompiledSpec()
      .operation('getMe')
      .checkResponse(200, response.headers.get('content-type'), body);
    if (problems.length > 0)
      fail(
        'PT1',
        "GET /me answers the token's person",
        [`GET ${baseUrl}/me → 200`, ...problems.map((p) => `  expected: ${p}`)].join('\n'),
        // The same cause as the checks' own GET /me meeting the same answer: one defect, one cause.
        exchangeCause('GET', '/me', problems),
      );
  }
  await tokensFromMock(options, facts, get, baseUrl);
  facts.activityHookUrl = options.activityHookUrl ?? (await activityHookFromMock(get, baseUrl));
  return facts;
}

/**
 * With --mcp: stops in one line when the MCP server cannot be checked at all (nothing answers, no MCP endpoint
 * there, the token unknown to it), rather than failing every MCP check with the same error. A `ping` opens no
 * MCP session on a server that keeps them.
 */
async function reachMcp(url: string, token: string, doFetch: typeof fetch): Promise<void> {
  let response: Response;
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'ping' }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new PreflightError(`cannot reach the MCP server ${url} (${describeFetchError(error)}): is --mcp right?`);
  }
  await response.body?.cancel();
  if (response.status === 401)
    throw new PreflightError(
      `the MCP server does not know the token: POST ${url} answered 401; it takes the API's token (MCP1)`,
    );
  if (response.status === 404 || response.status === 405)
    throw new PreflightError(
      `no MCP endpoint at ${url}: POST answered ${response.status}; standin's is at its root's /mcp`,
    );
  if (response.status >= 500)
    throw new PreflightError(`the MCP server at ${url} answered ${response.status}: it is not healthy`);
}

/** WH1: standin's hook URL, from GET /__mock/world (its activity_hook) under the server's root; any other: none. */
async function activityHookFromMock(
  get: (url: string, token?: string) => Promise<Response>,
  baseUrl: string,
): Promise<string | undefined> {
  const root = baseUrl.replace(/\/api\/v2$/, '');
  try {
    const response = await get(`${root}/__mock/world`);
    if (!response.ok) return undefined;
    const path = ((await response.json()) as { activity_hook?: { path?: unknown } }).activity_hook?.path;
    return typeof path === 'string' ? `${root}${path}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * MK7: a server that answers GET /me without a token (standin's any-token mode) would fail every check of G9
 * and answer others' tokens as one person: a stop saying how to start it, not 20 puzzling failures.
 */
async function refuseAnyTokenMode(get: (url: string, token?: string) => Promise<Response>, baseUrl: string) {
  let response: Response;
  try {
    response = await get(`${baseUrl}/me`);
  } catch {
    return; // the run goes on: the checks of G9 ask again and say what they got
  }
  await response.body?.cancel();
  if (response.status === 200)
    throw new PreflightError(
      `GET ${baseUrl}/me answered 200 without a token: the server answers anyone (standin's --any-token mode, MK7?); start it without --any-token to check the contract`,
    );
}

/**
 * Against standin, fills missing tokens from GET /__mock/tokens (MK1) and stops a run whose token is
 * read-only unless it asked for --read-only. Any other server: the tokens come from the options.
 */
async function tokensFromMock(
  options: KitOptions,
  facts: SetUpFacts,
  get: (url: string, token?: string) => Promise<Response>,
  baseUrl: string,
) {
  let tokens: Array<{ person: { id: string }; read_write: string; read_only: string }>;
  try {
    const response = await get(`${baseUrl.replace(/\/api\/v2$/, '')}/__mock/tokens`);
    if (!response.ok) return;
    tokens = (await response.json()) as typeof tokens;
    if (!Array.isArray(tokens)) return;
  } catch {
    return;
  }
  if (!options.readOnly && tokens.some((t) => t.read_only === options.token)) {
    throw new PreflightError(
      'the token is read-only: pass a read-write token (GET /__mock/tokens lists them), or add --read-only',
    );
  }
  const mine = tokens.find((t) => t.read_write === options.token);
  facts.readOnlyToken ??= mine?.read_only;
  if (facts.otherToken) return;
  // The second person should not be an administrator, so checks of what others may not do (GO9, GU8, EC7)
  // can run, and a human, who has check-ins (an agent is a member of a team with check-ins (PT1), but one of
  // production's, or of a world imported from it, may have none, and CI3's check of someone else's check-in
  // would not run): the first such person among a few, else the first who is not an administrator, else anyone
  // else.
  const others = tokens.filter((t) => t.person.id !== (facts.me?.id ?? mine?.person.id));
  let notAdministrator: string | undefined;
  for (const candidate of others.slice(0, 8)) {
    const response = await get(`${baseUrl}/me`, candidate.read_write);
    if (!response.ok) continue;
    const person = (await response.json()) as Person;
    if (person.administrator) continue;
    if (person.kind === 'human') {
      facts.otherToken = candidate.read_write;
      return;
    }
    notAdministrator ??= candidate.read_write;
  }
  facts.otherToken = notAdministrator ?? others[0]?.read_write;
}
