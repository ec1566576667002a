// A kit run's context: the clients (main, other person, read-only), what the kit learned about the server
// through the API alone (the person, their teams), the safety switches, and the cleanup of what it created.
import { getCompiledSpec } from '../../src/spec/compiled-spec.js';
import { NotRun } from './failures.js';
import { CheckingClient, type Target } from './checking-client.js';
import { Cleanup } from './cleanup.js';
import { Coverage } from './coverage.js';
import { MARKER, type KitOptions, type Person, type SetUpFacts } from './kit-options.js';
import { McpProbe } from './mcp-client.js';
import { preflight } from './preflight.js';
import { RecordPool } from './record-pool.js';
import type { ApiSchema } from '../../src/types/wire.js';

export { MARKER, type KitOptions, type Person } from './kit-options.js';

/** WH1: where a hook URL's account id starts. */
const HOOK_PREFIX = '/hooks/activity/a/';

export class KitContext {
  readonly coverage = new Coverage();
  readonly cleanup = new Cleanup();
  readonly client: CheckingClient;
  readonly setUp: SetUpFacts;
  /** The records per-operation checks address. */
  readonly pool = new RecordPool(this);
  #otherPerson: Person | null = null;
  #mcp: McpProbe | null = null;

  constructor(
    readonly options: KitOptions,
    setUp: SetUpFacts,
  ) {
    const target: Target = { baseUrl: options.baseUrl.replace(/\/+$/, ''), fetch: options.fetch ?? fetch };
    this.setUp = setUp;
    this.client = new CheckingClient(target, options.token, this.coverage, (rule, part) => this.selects(rule, part));
  }

  /**
   * A context on the run's set-up facts (options.setUp), or on a set-up of its own. Throws PreflightError
   * when the kit cannot work at all (server down, token unknown).
   * @example const ctx = await KitContext.start({ baseUrl, token })
   */
  static async start(options: KitOptions): Promise<KitContext> {
    return new KitContext(options, options.setUp ?? (await preflight(options)));
  }

  /** Whether the run checks this rule, or this part of it (--rules selects sources; default every one). */
  selects(rule: string, part?: string): boolean {
    return !this.options.rules || this.options.rules.includes(getCompiledSpec().rules.sourceOf(rule, part));
  }

  /** The token's person; checks that need one are not run when set-up could not learn it. */
  get me(): Person {
    if (!this.setUp.me) throw new NotRun(this.setUp.meProblem ?? 'set-up learned no person');
    return this.setUp.me;
  }

  /** The client of a second person; checks needing one are not run without it. */
  other(): CheckingClient {
    if (!this.setUp.otherToken) throw new NotRun('needs a second person: pass --other-token', '--other-token');
    return this.client.as(this.setUp.otherToken);
  }

  async otherPerson(): Promise<Person> {
    this.#otherPerson ??= (await this.other().expect<Person>(200, 'GET', '/me')).body;
    return this.#otherPerson;
  }

  /** The second person when they are not an administrator (GO9, GU8, EC7: what others may not change). */
  async stranger(): Promise<{ client: CheckingClient; person: Person }> {
    const client = this.other();
    const person = await this.otherPerson();
    if (person.administrator)
      throw new NotRun(
        'needs a second person who is not an administrator: pass --other-token of such a person',
        '--other-token',
      );
    return { client, person };
  }

  /** The main person's read-only client (G9). */
  readOnlyClient(): CheckingClient {
    if (!this.setUp.readOnlyToken)
      throw new NotRun('needs a read-only token: pass --read-only-token', '--read-only-token');
    return this.client.as(this.setUp.readOnlyToken);
  }

  /**
   * WH1: the collect-activity hook: a client of the service root without a bearer token, the hook's path and
   * query, its account id and token. Checks needing it are not run without the hook's URL.
   */
  hook(): { client: CheckingClient; path: string; accountId: string; token: string } {
    const url = this.setUp.activityHookUrl;
    if (!url) throw new NotRun("needs the account's hook URL: pass --activity-hook-url", '--activity-hook-url');
    const at = url.indexOf(HOOK_PREFIX);
    const path = url.slice(at);
    const [accountId = '', query = ''] = path.slice(HOOK_PREFIX.length).split('?', 2);
    const token = new URLSearchParams(query).get('token');
    if (at < 0 || !accountId || !token)
      throw new NotRun(
        `the hook URL ${url.slice(0, 120)} is not …${HOOK_PREFIX}<account_id>?token=<token> (WH1)`,
        '--activity-hook-url',
      );
    const target: Target = { baseUrl: url.slice(0, at), fetch: this.client.target.fetch };
    return { client: new CheckingClient(target, null, this.coverage, this.client.selects), path, accountId, token };
  }

  /** The MCP server's client (--mcp), connected on first use and closed with the run's cleanup. */
  mcp(): McpProbe {
    const url = this.options.mcpUrl;
    if (!url) throw new NotRun('needs an MCP server: pass --mcp', '--mcp');
    if (!this.#mcp) {
      const probe = new McpProbe(url, this.options.token, this.client.target.fetch);
      this.cleanup.add('close the MCP client', () => probe.close());
      this.#mcp = probe;
    }
    return this.#mcp;
  }

  /** Checks that write are not run in --read-only mode. */
  requireWrites(): void {
    if (this.options.readOnly) throw new NotRun('writes: not run with --read-only', '--read-only');
  }

  /** Checks that change records the kit did not create need --modify-existing. */
  requireModifyExisting(): void {
    this.requireWrites();
    if (!this.options.modifyExisting)
      throw new NotRun('changes a record the kit did not create: pass --modify-existing', '--modify-existing');
  }

  /** A title marked as the kit's own (and as this run's, when it has an id). */
  mark(text: string): string {
    return this.options.runId ? `${MARKER} ${this.options.runId} ${text}` : `${MARKER} ${text}`;
  }

  /** Creates a goal of the kit's own and registers its deletion (updates, comments and reactions go with it, GO8). */
  async createGoal(body: ApiSchema<'GoalInput'> = {}, client = this.client): Promise<ApiSchema<'Goal'>> {
    return this.#createOwn<ApiSchema<'Goal'>>(client, 'goal', '/goals', { title: this.mark('goal'), ...body }, 'GO1');
  }

  /** Creates an echo question of the kit's own and registers its deletion (its answers go with it, EC6). */
  async createEchoQuestion(
    body: ApiSchema<'EchoQuestionInput'> = {},
    client = this.client,
  ): Promise<ApiSchema<'EchoQuestion'>> {
    const own = { prompt: this.mark('question?'), ...body };
    return this.#createOwn<ApiSchema<'EchoQuestion'>>(client, 'echo question', '/echo/questions', own, 'EC1');
  }

  /** POSTs `body` to the list at `path` (201 under `rule`) and registers the deletion of the record it made. */
  async #createOwn<T extends { id: string }>(
    client: CheckingClient,
    what: string,
    path: string,
    body: object,
    rule: string,
  ): Promise<T> {
    this.requireWrites();
    const { body: made } = await client.expect<T>(201, 'POST', path, { body }, rule);
    this.cleanup.add(`delete ${what} ${made.id}`, () => client.request('DELETE', `${path}/${made.id}`));
    return made;
  }

  /**
   * The service's clock now, read by retitling a clock probe (an echo question of the kit's own, createEchoQuestion):
   * its `updated_at` (EC1). A write's instants must fall between the probe's `created_at` and this.
   * @example const later = await ctx.serviceNow(probe); ensure(at <= later, 'AC2', '…')
   */
  async serviceNow(probe: { id: string }, client = this.client): Promise<string> {
    const { body } = await client.expect<ApiSchema<'EchoQuestion'>>(
      200,
      'PATCH',
      `/echo/questions/${probe.id}`,
      { body: { title: this.mark('clock probe, later') } },
      'EC1',
    );
    return body.updated_at;
  }

  /** The caller's latest check-in, or NotRun when they have none to work with. */
  async latestCheckIn(client = this.client, person: Person = this.me): Promise<ApiSchema<'CheckIn'>> {
    const { body } = await client.expect<Array<ApiSchema<'CheckIn'>>>(
      200,
      'GET',
      `/check-ins?people_ids[]=${person.id}&per_page=1`,
      {},
      'CI5',
    );
    const [latest] = body;
    if (!latest) throw new NotRun(`${person.name} has no check-in to work with`);
    return latest;
  }
}
