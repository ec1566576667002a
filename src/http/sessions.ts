// MK5: named sessions — a request with X-Mock-Session works on its own copy of the world, made on first use
// from the current seed, so parallel test workers never see each other's writes. Capped in number.
import type { World } from '../domain/world.js';

export const SESSION_HEADER = 'x-mock-session';
const NAME = /^[A-Za-z0-9._-]{1,64}$/;

export class SessionError extends Error {
  constructor(readonly status: 400 | 429, message: string) {
    super(message);
    this.name = 'SessionError';
  }
}

interface Session {
  world: World;
  createdAt: number;
  requests: number;
}

/**
 * @example sessions.worldFor('worker-3') // that worker's world, made now if new
 */
export class Sessions {
  readonly #sessions = new Map<string, Session>();

  constructor(
    private readonly makeWorld: () => World,
    readonly cap: number,
  ) {}

  /** The session's world, made from the current seed on first use. */
  worldFor(name: string): World {
    if (!NAME.test(name)) {
      throw new SessionError(400, `X-Mock-Session must be 1–64 letters, digits, dots, dashes or underscores (MK5); got "${name.slice(0, 80)}".`);
    }
    let session = this.#sessions.get(name);
    if (!session) {
      if (this.#sessions.size >= this.cap) {
        throw new SessionError(429, `There are already ${this.cap} sessions, the most this server keeps (MK5). Drop one with DELETE /__mock/sessions/{name}, or start the server with a higher --max-sessions.`);
      }
      session = { world: this.makeWorld(), createdAt: Date.now(), requests: 0 };
      this.#sessions.set(name, session);
    }
    session.requests++;
    return session.world;
  }

  /** Replaces a session's world (MK2 within a session). */
  replace(name: string, world: World): void {
    const session = this.#sessions.get(name);
    if (session) session.world = world;
  }

  list() {
    return [...this.#sessions].map(([name, s]) => ({
      name, seed: s.world.seed, size: s.world.size, created_at: new Date(s.createdAt).toISOString().slice(0, 19) + 'Z', requests: s.requests,
    }));
  }

  drop(name: string): boolean {
    return this.#sessions.delete(name);
  }

  clear(): void {
    this.#sessions.clear();
  }
}
