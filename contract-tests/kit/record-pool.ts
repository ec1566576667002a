// Owns the records the per-operation checks address: for each kind of record a path names, an id to read
// (an existing record, or the kit's own when it may write) and an id to write to (always the kit's own, or
// the person's own check-in with --modify-existing), and list parents long enough to page through. Records
// the kit creates are marked and registered for deletion, like every other check's.
import type { CheckingClient } from './checking-client.js';
import type { Cleanup } from './cleanup.js';
import { NotRun } from './failures.js';
import type { KitOptions, Person } from './kit-options.js';

/** What the pool needs of the kit's context (KitContext has it all; the pool does not import it). */
export interface PoolHost {
  readonly options: KitOptions;
  readonly client: CheckingClient;
  readonly cleanup: Cleanup;
  readonly me: Person;
  requireWrites(): void;
  requireModifyExisting(): void;
  mark(text: string): string;
  createGoal(): Promise<{ id: string }>;
  createEchoQuestion(): Promise<{ id: string }>;
  latestCheckIn(): Promise<{ id: string }>;
}

export type RecordKind =
  | 'goal'
  | 'goalUpdate'
  | 'checkIn'
  | 'echoQuestion'
  | 'echoAnswer'
  | 'comment'
  | 'reaction'
  | 'activity'
  | 'person'
  | 'team';

/**
 * The kind of record a path parameter names: the path segment before it says (`/goals/{id}` → goal). The tests
 * that walk the spec's paths read it too (test/access-matrix.test.ts, test/fuzz/fuzz-requests.ts).
 */
export const KIND_OF_SEGMENT: Readonly<Record<string, RecordKind>> = {
  goals: 'goal',
  'goal-updates': 'goalUpdate',
  'check-ins': 'checkIn',
  questions: 'echoQuestion',
  answers: 'echoAnswer',
  comments: 'comment',
  reactions: 'reaction',
  activities: 'activity',
  people: 'person',
  teams: 'team',
};

/** @example kindOfParameter('/goals/{goal_id}/goal-updates', 'goal_id') // 'goal' */
export function kindOfParameter(path: string, parameter: string): RecordKind {
  const segments = path.split('/');
  // None before it when the parameter is missing from the path.
  const before = segments[segments.indexOf(`{${parameter}}`) - 1];
  const kind = before === undefined ? undefined : KIND_OF_SEGMENT[before];
  if (!kind) throw new Error(`no record kind for {${parameter}} in ${path}: add its path segment to KIND_OF_SEGMENT`);
  return kind;
}

/** A path template with each parameter replaced by `id(name)`. */
export function fillPath(template: string, id: (parameter: string) => string): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => id(name));
}

/** Reaction names of CR2, for reactions the kit adds where the person may have reacted already. */
const REACTION_NAMES = ['eyes', 'tada', 'heart', 'rocket', 'clap', 'thumbsup'];
const LIST_LENGTH = 3;

export class RecordPool {
  readonly #memo = new Map<string, Promise<string>>();

  constructor(private readonly ctx: PoolHost) {}

  #once(key: string, make: () => Promise<string>): Promise<string> {
    let made = this.#memo.get(key);
    if (!made) {
      made = make();
      this.#memo.set(key, made);
      // A failure (or a not-run) is not remembered: the next check tries again and reports it itself.
      made.catch(() => this.#memo.delete(key));
    }
    return made;
  }

  /** An id of the kind to read: the kit's own record when it may write, else an existing one. */
  readable(kind: RecordKind): Promise<string> {
    if (!this.ctx.options.readOnly || ['checkIn', 'activity', 'person', 'team'].includes(kind))
      return this.#shared(kind);
    return this.#once(`existing ${kind}`, () => this.#existing(kind));
  }

  /** An id of the kind the kit may change: its own record, or the person's own check-in with --modify-existing. */
  writable(kind: RecordKind): Promise<string> {
    this.ctx.requireWrites();
    if (kind === 'checkIn') this.ctx.requireModifyExisting();
    if (kind === 'activity' || kind === 'person' || kind === 'team')
      throw new NotRun(`the API cannot change a ${kind}`);
    return this.#shared(kind);
  }

  /** A parent of a nested list with at least three records in it (made by the kit when it may write). */
  async listParent(parentKind: RecordKind, listPath: string): Promise<string> {
    if (this.ctx.options.readOnly) {
      return this.#once(`parent ${listPath}`, () => this.#existingParent(parentKind, listPath));
    }
    return this.#once(`parent ${listPath}`, async () => {
      const parent = await this.#shared(parentKind);
      const path = listPath.replace(/\{\w+\}/, parent);
      // The nested lists' records (comments, reactions, …): a person, and a name where a reaction has one.
      const have = (
        await this.ctx.client.expect<Array<{ person?: { id: string }; name?: string }>>(
          200,
          'GET',
          `${path}?per_page=50`,
        )
      ).body;
      const used = new Set(have.filter((r) => r.person?.id === this.ctx.me.id).map((r) => r.name));
      const names = REACTION_NAMES.filter((n) => !used.has(n));
      for (let i = have.length; i < LIST_LENGTH; i++) await this.#add(path, names.shift());
      return parent;
    });
  }

  #shared(kind: RecordKind): Promise<string> {
    return this.#once(kind, () => this.#make(kind));
  }

  async #make(kind: RecordKind): Promise<string> {
    const { ctx } = this;
    switch (kind) {
      case 'goal':
        return (await ctx.createGoal()).id;
      case 'goalUpdate':
        return this.#add(`/goals/${await this.#shared('goal')}/goal-updates`);
      case 'echoQuestion':
        return (await ctx.createEchoQuestion()).id;
      case 'echoAnswer':
        return this.#add(`/echo/questions/${await this.#shared('echoQuestion')}/answers`);
      case 'comment':
        return this.#add(`/goal-updates/${await this.#shared('goalUpdate')}/comments`);
      case 'reaction':
        return this.#add(`/goal-updates/${await this.#shared('goalUpdate')}/reactions`, 'eyes');
      case 'checkIn':
        return (await ctx.latestCheckIn()).id;
      case 'person':
        return ctx.me.id;
      case 'team':
        if (!ctx.me.teams[0]) throw new NotRun('the person belongs to no team');
        return ctx.me.teams[0].id;
      case 'activity':
        return this.#first('/activities');
    }
  }

  /** Adds one marked record to a list under a parent the kit owns (or to the person's check-in), registering its deletion. */
  async #add(listPath: string, reactionName?: string): Promise<string> {
    const { ctx } = this;
    const kind = listPath.split('/').at(-1)!;
    const body =
      kind === 'reactions'
        ? { name: reactionName ?? 'eyes' }
        : kind === 'answers' || kind === 'comments'
          ? { body: ctx.mark('text') }
          : { title: ctx.mark('update') };
    const { status, body: created } = await ctx.client.request<{ id: string }>('POST', listPath, { body });
    if (status !== 201) throw new NotRun(`could not add a record to ${listPath} to work on (${status})`);
    // Goal updates and answers go with their kit-owned goal or question (GO8, EC6); the rest is deleted alone.
    if (kind === 'comments')
      ctx.cleanup.add(`delete comment ${created.id}`, () => ctx.client.request('DELETE', `/comments/${created.id}`));
    if (kind === 'reactions')
      ctx.cleanup.add(`delete reaction ${created.id}`, () => ctx.client.request('DELETE', `/reactions/${created.id}`));
    return created.id;
  }

  async #first(listPath: string): Promise<string> {
    const [first] = (
      await this.ctx.client.expect<Array<{ id: string }>>(
        200,
        'GET',
        `${listPath}${listPath.includes('?') ? '&' : '?'}per_page=1`,
      )
    ).body;
    if (!first) throw new NotRun(`${listPath} is empty: nothing to read`);
    return first.id;
  }

  /** Read-only runs: an existing record, looked for among the first records of the lists that hold it. */
  async #existing(kind: RecordKind): Promise<string> {
    switch (kind) {
      case 'goal':
        return this.#first('/goals');
      case 'echoQuestion':
        return this.#first('/echo/questions');
      case 'goalUpdate':
        return this.#firstChild('/goals', '/goals/{}/goal-updates');
      case 'echoAnswer':
        return this.#firstChild('/echo/questions', '/echo/questions/{}/answers');
      case 'comment':
        return this.#firstChild('/check-ins', '/check-ins/{}/comments');
      case 'reaction':
        return this.#firstChild('/check-ins', '/check-ins/{}/reactions');
      default:
        return this.#shared(kind);
    }
  }

  async #firstChild(parents: string, children: string): Promise<string> {
    for (const parent of (await this.ctx.client.expect<Array<{ id: string }>>(200, 'GET', `${parents}?per_page=50`))
      .body) {
      const [child] = (
        await this.ctx.client.expect<Array<{ id: string }>>(
          200,
          'GET',
          `${children.replace('{}', parent.id)}?per_page=1`,
        )
      ).body;
      if (child) return child.id;
    }
    // Only a --read-only run looks for existing records (#existing): any other run makes its own.
    throw new NotRun(
      `none of the first 50 records of ${parents} has anything in ${children.replace('{}', '{id}')}`,
      '--read-only',
    );
  }

  async #existingParent(parentKind: RecordKind, listPath: string): Promise<string> {
    const parents = {
      goal: '/goals',
      echoQuestion: '/echo/questions',
      checkIn: '/check-ins',
      goalUpdate: null,
    } as Record<string, string | null>;
    const list = parents[parentKind];
    if (list) {
      for (const parent of (await this.ctx.client.expect<Array<{ id: string }>>(200, 'GET', `${list}?per_page=50`))
        .body) {
        const path = listPath.replace(/\{\w+\}/, parent.id);
        if (
          (await this.ctx.client.expect<unknown[]>(200, 'GET', `${path}?per_page=${LIST_LENGTH}`)).body.length >=
          LIST_LENGTH
        )
          return parent.id;
      }
    }
    throw new NotRun(
      `no ${parentKind} found with ${LIST_LENGTH} records in ${listPath} to page through (a read-only run cannot add them)`,
      '--read-only',
    );
  }
}
