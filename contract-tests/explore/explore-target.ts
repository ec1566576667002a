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
  readonly #seen = new Map<string, { text: string; etag: string | null }>();

  constructor(
    readonly client: CheckingClient,
    readonly budget: Budget,
    /** The caller's person id (GO1: a goal made without owner_id is theirs). */
    readonly me: string,
    readonly title: (word: string) => string,
  ) {}

  beginStep(step: Step): void {
    this.steps.push(step);
  }

  /** Sends one request, judged by the spec (a ContractViolation is the spec level's failure). */
  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<Exchange<T>> {
    this.budget.used++;
    const started = performance.now();
    let exchange: Exchange<T>;
    try {
      exchange = await this.client.request<T>(method, path, body === undefined ? {} : { body });
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

  /** Removes what the sequence made and still stands (its goals; their updates and comments go with them, GO8). */
  async removeCreated(): Promise<void> {
    for (const id of this.#created.splice(0)) {
      await this.client.send('DELETE', `/goals/${id}`, {}).catch(() => undefined);
    }
  }
}
