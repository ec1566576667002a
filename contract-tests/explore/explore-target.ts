// The server as the explorer's steps see it (issue 37): every request through the kit's checking client (so the
// spec judges each answer first), counted against the run's budget, logged for the repro, and each GET's
// representation remembered for G12's oracle (an ETag changes exactly when the representation does). It knows
// the records one sequence created, so that the sequence's end removes them (on a live server, only those).
import { ContractViolation, type CheckingClient, type Exchange } from '../kit/checking-client.js';
import { ExploreFailure } from './explore-failure.js';

/** One request of a sequence, as the repro prints and saves it. */
export interface LoggedRequest {
  /** The step it belongs to (1-based), and the step's data. */
  step: number;
  method: string;
  path: string;
  requestBody?: string;
  status: number;
  responseHeaders: Array<[string, string]>;
  text: string;
  ms: number;
}

/**
 * WH1: the account's collect-activity hook: a client of the service root (no bearer token) and the hook's path
 * with its token. Activities cannot be deleted, so only a run with leave to change the world posts to it.
 */
export interface ExploreHook {
  client: CheckingClient;
  path: string;
}

/** The run's request budget, shared by every sequence. */
export class Budget {
  used = 0;
  constructor(public limit: number) {}
  allows(): boolean {
    return this.used < this.limit;
  }
}

export class ExploreTarget<Step = unknown> {
  readonly log: LoggedRequest[] = [];
  /** The steps run so far, as data (explore-commands.ts's ExploreStep; the target keeps them for the repro). */
  readonly steps: Step[] = [];
  readonly #created: string[] = [];
  readonly #createdEchoes: string[] = [];
  /** The caller's check-ins a sequence may PATCH, with their answers as it first read them. */
  readonly #checkIns = new Map<string, Record<string, unknown>>();
  /** Comments and reactions the sequence put on check-ins (which stay): DELETEd at its end. */
  readonly #onCheckIns: string[] = [];
  readonly #seen = new Map<string, { text: string; etag: string | null }>();
  #username: string | undefined;

  constructor(
    readonly client: CheckingClient,
    readonly budget: Budget,
    /** The caller's person id (GO1: a goal made without owner_id is theirs). */
    readonly me: string,
    readonly title: (word: string) => string,
    /** The activity hook, when the run has its URL and leave to record what cannot be deleted. */
    readonly hook?: ExploreHook,
    /** The caller's username (DG2's mentions), if known; else read from GET /me when first needed. */
    username?: string,
  ) {
    this.#username = username;
  }

  /** The caller's username (DG2: `@username` mentions them). */
  async username(): Promise<string> {
    this.#username ??= (await this.call<{ username: string }>('GET', '/me')).body.username;
    return this.#username;
  }

  beginStep(step: Step): void {
    this.steps.push(step);
  }

  /**
   * Sends one request, judged by the spec (a ContractViolation is the spec level's failure); `via` another client
   * of the same server (the activity hook's, at the service root).
   */
  async call<T = unknown>(method: string, path: string, body?: unknown, via = this.client): Promise<Exchange<T>> {
    this.budget.used++;
    const started = performance.now();
    let exchange: Exchange<T>;
    try {
      exchange = await via.request<T>(method, path, body === undefined ? {} : { body });
    } catch (error) {
      if (error instanceof ContractViolation) {
        this.#record(error.exchange, started, new Headers());
        throw new ExploreFailure('spec', error.rule ?? 'G1', error.message);
      }
      throw error;
    }
    this.#record(exchange, started, exchange.headers);
    return exchange;
  }

  #record(
    exchange: Pick<Exchange, 'method' | 'path' | 'requestBody' | 'status' | 'text'>,
    started: number,
    headers: Headers,
  ): void {
    this.log.push({
      step: this.steps.length,
      method: exchange.method,
      path: exchange.path,
      ...(exchange.requestBody === undefined ? {} : { requestBody: exchange.requestBody }),
      status: exchange.status,
      responseHeaders: [...headers],
      text: exchange.text,
      ms: Math.round(performance.now() - started),
    });
  }

  /** A goal the sequence made: removed at its end. */
  created(goalId: string): void {
    this.#created.push(goalId);
  }

  /** An Echo the sequence made: removed at its end (its answers go with it, EC6). */
  createdEcho(questionId: string): void {
    this.#createdEchoes.push(questionId);
  }

  /** One of the caller's check-ins, as first read: its answers are put back at the sequence's end. */
  restoreCheckInLater(id: string, answers: Record<string, unknown>): void {
    if (!this.#checkIns.has(id)) this.#checkIns.set(id, answers);
  }

  /** A comment or reaction the sequence put on a check-in (`/comments/{id}`, `/reactions/{id}`): removed at its end. */
  removeLater(path: string): void {
    this.#onCheckIns.push(path);
  }

  /**
   * G12: a representation read again. The same text must carry the same ETag, and a changed text a new one.
   */
  seeRepresentation(path: string, text: string, etag: string | null): void {
    const before = this.#seen.get(path);
    this.#seen.set(path, { text, etag });
    if (!before || before.etag === null || etag === null) return;
    if (before.text === text && before.etag !== etag)
      throw new ExploreFailure(
        'http',
        'G12',
        `GET ${path} answered the same body with another ETag (${before.etag}, then ${etag})`,
      );
    if (before.text !== text && before.etag === etag)
      throw new ExploreFailure(
        'http',
        'G12',
        `GET ${path} answered a changed body with the same ETag ${etag}:\n  before ${before.text.slice(0, 300)}\n  after  ${text.slice(0, 300)}`,
      );
  }

  forget(path: string): void {
    this.#seen.delete(path);
  }

  /**
   * Removes what the sequence made and still stands (its goals, whose updates, comments and reactions go with
   * them, GO8; its Echoes, whose answers go, EC6; its comments and reactions on check-ins), and puts the answers of the check-ins it PATCHed back
   * (completed_at and updated_at stay as CI3 set them).
   */
  async removeCreated(): Promise<void> {
    for (const id of this.#created.splice(0)) {
      await this.client.send('DELETE', `/goals/${id}`, {}).catch(() => undefined);
    }
    for (const id of this.#createdEchoes.splice(0)) {
      await this.client.send('DELETE', `/echo/questions/${id}`, {}).catch(() => undefined);
    }
    for (const path of this.#onCheckIns.splice(0)) {
      await this.client.send('DELETE', path, {}).catch(() => undefined);
    }
    for (const [id, answers] of this.#checkIns) {
      await this.client.send('PATCH', `/check-ins/${id}`, { body: answers }).catch(() => undefined);
    }
    this.#checkIns.clear();
  }
}
