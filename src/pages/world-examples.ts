// The reference's examples, taken from the running world as its default person sees it: the answers of the
// API's reads (a person, a goal, a list of goals, a check-in, …), the ids they name for the path parameters,
// and request bodies made of those records. Made afresh whenever the reference asks, since the world changes.
// Each answer comes from the operation's own handler, so it is what GET would answer that person; but not
// through the request pipeline, so that making them spends no journal entry, rate-limit window, fault or
// override rule of the people using the server. Only reads are ever called.
import { DomainError } from '../domain/domain-error.js';
import { pageOf } from '../domain/pagination.js';
import type { Person } from '../domain/records.js';
import type { World } from '../domain/world.js';
import { OPERATION_HANDLERS } from '../http/app.js';
import type { Mock } from '../http/mock.js';
import type { Worlds } from '../runtime/worlds.js';
import { handlerFor } from '../http/operation-handler.js';
import { Presenter } from '../http/present.js';
import { Renderer } from '../http/renderer.js';
import { getCompiledSpec, type SpecOperation } from '../spec/compiled-spec.js';

/** A record as the API gives it. */
type Json = Record<string, unknown>;

/** What one operation of the reference shows: its answer, the path parameters it was asked with, a body. */
export interface OperationExample {
  /** The 200 (201 for a create) answer's body. */
  answer?: unknown;
  /** The path parameters, by name: the ids of the records the example shows. */
  params?: Record<string, string>;
  /** Query parameters by name, where the operation needs one to work (the hook's token, WH1). */
  query?: Record<string, string>;
  /** A request body made of the record the example shows. */
  body?: Json;
}

/** The examples of a world, by operationId, and whose view of the world they are. */
export interface WorldExamples {
  person: { id: string; name: string };
  now: string;
  operations: ReadonlyMap<string, OperationExample>;
}

/** Items a list example shows: enough to see its shape, short enough to read. */
const LIST_ITEMS = 2;
/** How many records are looked through for one that has comments or reactions to show. */
const LOOKED_THROUGH = 50;
/**
 * Pages of everyone's check-ins looked through for one with comments or reactions: today's, still empty, come
 * first (a dozen in the small world), and a sample of the filled ones has them (fixtures' discussion targets).
 */
const CHECK_IN_PAGES_LOOKED_THROUGH = 4;

/**
 * The examples of the shared world as its default person sees it now; none if that person is gone.
 * @example worldExamples(mock)?.operations.get('getGoal')?.answer // { type: 'goal', id: '…', title: '…', … }
 */
export function worldExamples(mock: Mock): WorldExamples | undefined {
  const { world } = mock;
  world.catchUp();
  const actor = world.store.people.get(world.defaultPersonId);
  if (!actor) return undefined;
  const reader = new Reader(world, actor, new Renderer(new Presenter(mock.options.appUrl)));
  readAll(reader);
  const operations = new Map<string, OperationExample>();
  for (const op of getCompiledSpec().operations) {
    const example = op.base === null ? reader.exampleOf(op) : reader.hookExample(mock.worlds);
    if (example) operations.set(op.operationId, example);
  }
  const now = `${new Date(world.now() * 1000).toISOString().slice(0, 19)}Z`;
  return { person: { id: actor.id, name: actor.name }, now, operations };
}

/** Everyone's check-ins, newest first, a page at a time as they are looked through, a few pages at most. */
function* checkInPages(r: Reader): Generator<Json> {
  for (let page = 1; page <= CHECK_IN_PAGES_LOOKED_THROUGH; page++) {
    const checkIns = r.look('listCheckIns', { per_page: LOOKED_THROUGH, page });
    yield* checkIns;
    if (checkIns.length < LOOKED_THROUGH) return;
  }
}

/** The reads, in order; each picks the records it shows from the answers before it. */
function readAll(r: Reader): void {
  const me = r.one('getMe', '/me');
  if (!me) return;
  const people = r.list('listPeople', '/people', {});
  r.one('getPerson', '/people/{id}', { id: idOf(people.find((p) => p.id !== me.id) ?? me) });
  r.list('listTeams', '/teams', {});
  const [team] = (me.teams as Json[] | undefined) ?? [];
  if (team) r.one('getTeam', '/teams/{id}', { id: idOf(team) });

  const mine = r.list('listGoals', '/goals', { people_ids: [me.id] });
  const [goal] = mine.length > 0 ? mine : r.list('listGoals', '/goals', {});
  if (goal) {
    r.one('getGoal', '/goals/{id}', { id: idOf(goal) });
    const [update] = r.list('listGoalUpdates', '/goals/{goal_id}/goal-updates', {}, { goal_id: idOf(goal) });
    if (update) r.one('getGoalUpdate', '/goal-updates/{id}', { id: idOf(update) });
  }

  r.list('listCheckIns', '/check-ins', { people_ids: [me.id] });
  // A check-in someone filled in reads better than today's, still empty.
  const checkIns = r.look('listCheckIns', { people_ids: [me.id], per_page: LOOKED_THROUGH });
  const checkIn = checkIns.find((c) => c.completed_at !== null) ?? checkIns[0];
  if (checkIn) r.one('getCheckIn', '/check-ins/{id}', { id: idOf(checkIn) });
  r.firstNonEmpty('listCheckInComments', '/check-ins/{check_in_id}/comments', 'check_in_id', checkInPages(r));
  r.firstNonEmpty('listCheckInReactions', '/check-ins/{check_in_id}/reactions', 'check_in_id', checkInPages(r));
  // The updates of a few goals, the one shown first: one goal's may have no comments or reactions.
  const goals = [...(goal ? [goal] : []), ...r.look('listGoals', { per_page: 10 })];
  const updates = goals.flatMap((g) => r.look('listGoalUpdates', { per_page: 10 }, { goal_id: idOf(g) }));
  r.firstNonEmpty('listGoalUpdateComments', '/goal-updates/{goal_update_id}/comments', 'goal_update_id', updates);
  r.firstNonEmpty('listGoalUpdateReactions', '/goal-updates/{goal_update_id}/reactions', 'goal_update_id', updates);

  const [question] = r.list('listEchoQuestions', '/echo/questions', {});
  if (question) {
    r.one('getEchoQuestion', '/echo/questions/{id}', { id: idOf(question) });
    const params = { question_id: idOf(question) };
    const [answer] = r.list('listEchoAnswers', '/echo/questions/{question_id}/answers', {}, params);
    if (answer) r.one('getEchoAnswer', '/echo/answers/{id}', { id: idOf(answer) });
  }
  const [activity] = r.list('listActivities', '/activities', {});
  if (activity) r.one('getActivity', '/activities/{id}', { id: idOf(activity) });
  // DG1, AI1: the default person's newest digest entries and open items.
  r.list('listDigest', '/digest', {});
  r.list('listActionItems', '/action-items', {});
}

function idOf(record: Json): string {
  return String(record.id);
}

/**
 * Calls the reads' handlers as one person, and keeps what each answered: by operation, and by the path
 * template it was asked on (the writes on the same path take its ids) and by the schema it answered with
 * (the writes answering with the same schema take its record).
 */
class Reader {
  readonly #answers = new Map<string, OperationExample>();
  /** The ids each path template was asked with, for the other operations on it. */
  readonly #paramsByPath = new Map<string, Record<string, string>>();
  /** A record of each answer schema (`Goal`, `CheckIn`, …), for the writes that answer with one. */
  readonly #recordBySchema = new Map<string, Json>();

  constructor(
    readonly world: World,
    readonly actor: Person,
    readonly render: Renderer,
  ) {}

  /** A read answering one record, kept as its operation's example. */
  one(operationId: string, path: string, params: Record<string, string> = {}): Json | undefined {
    const answer = this.#call(operationId, {}, params);
    if (answer === undefined || Array.isArray(answer)) return undefined;
    this.#keep(operationId, path, params, answer);
    return answer;
  }

  /** A read answering a list, its first LIST_ITEMS kept as its operation's example. */
  list(operationId: string, path: string, query: Json, params: Record<string, string> = {}): Json[] {
    const answer = this.look(operationId, { ...query, per_page: LIST_ITEMS }, params);
    this.#keep(operationId, path, params, answer);
    return answer;
  }

  /** A read whose answer only helps choose a record to show; kept nowhere. */
  look(operationId: string, query: Json, params: Record<string, string> = {}): Json[] {
    const answer = this.#call(operationId, query, params);
    return Array.isArray(answer) ? answer : [];
  }

  /** The list of the first record (of `records`) for which it is not empty: a list of nothing shows little. */
  firstNonEmpty(operationId: string, path: string, param: string, records: Iterable<Json>): void {
    for (const record of records) {
      const params = { [param]: idOf(record) };
      const answer = this.look(operationId, { per_page: LIST_ITEMS }, params);
      if (answer.length > 0) {
        this.#keep(operationId, path, params, answer);
        return;
      }
    }
  }

  /**
   * The example of any operation: its own answer if it is a read that was made; else, for a write, the ids of a
   * read on the same path, the record of a read that answers with the same schema, and a body of that record's
   * writable fields. A DELETE gets none: its example ids would make "Try it" delete a record in one click.
   */
  exampleOf(op: SpecOperation): OperationExample | undefined {
    const own = this.#answers.get(op.operationId);
    if (own) return own;
    if (op.method === 'GET' || op.method === 'DELETE') return undefined;
    const schema = answerSchemaOf(op);
    const record = schema === undefined ? undefined : this.#recordBySchema.get(schema);
    const pathParams = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
    // A record's own path (`/comments/{id}`) takes its id, though no read was made there.
    const params =
      this.#paramsByPath.get(op.path) ??
      (record && pathParams.length === 1 && pathParams[0] === 'id' ? { id: idOf(record) } : undefined);
    if (pathParams.length > 0 && !params) return undefined;
    const example: OperationExample = {};
    if (params && pathParams.length > 0) example.params = params;
    if (record) {
      example.answer = record;
      const body = bodyOf(op, record);
      if (body) example.body = body;
    }
    return example.answer === undefined && example.params === undefined ? undefined : example;
  }

  /**
   * WH1: the hook's example: the world's account id; its token, unless a control token keeps the tokens behind
   * it (as the page's person token); and an activity read before, as the person's own, for body and answer.
   */
  hookExample(worlds: Worlds): OperationExample | undefined {
    const activity = this.#recordBySchema.get('Activity');
    if (!activity) return undefined;
    const { accountId, token } = worlds.activityHook(this.world);
    const { tokenKey } = worlds;
    const answer = { ...activity, person: { id: this.actor.id, name: this.actor.name } };
    const url = typeof activity.url === 'string' ? { url: activity.url } : {};
    return {
      params: { account_id: accountId },
      ...(tokenKey === undefined ? { query: { token } } : {}),
      body: { email: this.actor.email, source: activity.group, description: activity.description, ...url },
      answer,
    };
  }

  #keep(operationId: string, path: string, params: Record<string, string>, answer: Json | Json[]): void {
    this.#answers.set(operationId, Object.keys(params).length > 0 ? { answer, params } : { answer });
    if (Object.keys(params).length > 0) this.#paramsByPath.set(path, params);
    const schema = answerSchemaOf(getCompiledSpec().operation(operationId));
    if (schema === undefined) return;
    if (!Array.isArray(answer)) this.#recordBySchema.set(schema, answer);
    else {
      // A list's first item stands for its kind until a read of one record does (comments have none).
      const item = itemSchemaOf(schema);
      if (item && answer[0] && !this.#recordBySchema.has(item)) this.#recordBySchema.set(item, answer[0]);
    }
  }

  /** The handler's answer, parsed; undefined for a domain refusal (a record gone meanwhile). */
  #call(operationId: string, query: Json, params: Record<string, string>): Json | Json[] | undefined {
    if (getCompiledSpec().operation(operationId).method !== 'GET') {
      throw new Error(`standin: the reference's examples read only; ${operationId} is not a GET`);
    }
    const handler = handlerFor(OPERATION_HANDLERS, operationId);
    if (!handler) throw new Error(`standin: operation ${operationId} has no handler`);
    try {
      const result = handler({
        world: this.world,
        actor: this.actor,
        query,
        params,
        body: {},
        page: pageOf(query),
        render: this.render,
      });
      // Node's handlers answer at once; only a page's load code on demand (digest-module.browser.ts).
      if (result instanceof Promise)
        throw new Error(`standin: ${operationId} answered later; the reference reads at once`);
      const { body } = result;
      if (body === undefined) return undefined;
      return Array.isArray(body)
        ? body.map((item: { json: string }) => JSON.parse(item.json) as Json)
        : (JSON.parse((body as { json: string }).json) as Json);
    } catch (error) {
      if (error instanceof DomainError) return undefined;
      throw error;
    }
  }
}

/** A response as the spec writes it: inline, or a reference to one of its components. */
interface SpecResponse {
  $ref?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
}

const lastSegment = (ref: string): string => ref.slice(ref.lastIndexOf('/') + 1);

/** The component schema an operation's 200 or 201 answer is (`Goal`, `GoalList`, …), if it names one. */
function answerSchemaOf(op: SpecOperation): string | undefined {
  const { document } = getCompiledSpec();
  const operation = document.paths?.[op.path]?.[op.method.toLowerCase() as 'get'];
  for (const status of ['201', '200']) {
    let response = operation?.responses?.[status] as SpecResponse | undefined;
    if (response?.$ref) response = document.components?.responses?.[lastSegment(response.$ref)] as SpecResponse;
    const ref = response?.content?.['application/json']?.schema?.$ref;
    if (ref) return lastSegment(ref);
  }
  return undefined;
}

/** The schema of a list schema's items (`Goal` of `GoalList`), if it is a list of one component. */
function itemSchemaOf(schema: string): string | undefined {
  const list = getCompiledSpec().document.components?.schemas?.[schema] as { items?: { $ref?: string } } | undefined;
  return list?.items?.$ref ? lastSegment(list.items.$ref) : undefined;
}

/**
 * A request body of a record's writable fields, as the operation's body schema names them: a field by its own
 * name (`title`), an `x_id` by the id of the record's `x` (`owner_id` from `owner`, `parent_id` from `parent`),
 * an `x_ids` by the ids of its `xs` (`team_ids` from `teams`). Kept only if the operation's validation takes it.
 */
function bodyOf(op: SpecOperation, record: Json): Json | undefined {
  if (!op.bodyProperties) return undefined;
  const body: Json = {};
  for (const name of op.bodyProperties) {
    if (Object.hasOwn(record, name)) body[name] = record[name];
    else if (name.endsWith('_ids') && Array.isArray(record[`${name.slice(0, -4)}s`])) {
      body[name] = (record[`${name.slice(0, -4)}s`] as Json[]).map(idOf);
    } else if (name.endsWith('_id') && Object.hasOwn(record, name.slice(0, -3))) {
      const related = record[name.slice(0, -3)] as Json | null;
      body[name] = related === null ? null : idOf(related);
    }
  }
  if (Object.keys(body).length === 0) return undefined;
  return op.validateBody(body).ok ? body : undefined;
}
