// LW6 on real time: a server's worlds caught up as the clock passes, not only when a request reads one. Before it,
// a world on a running clock lived only at the next request: a team's check-ins of the morning, their webhooks
// (WH2) and the dashboard's event stream waited for someone to ask, and the first request after a quiet night
// caught up the whole night on its own time (a day of the large world's life is some 300 ms of CPU).
import type { Sessions, WorldSlot } from './sessions.js';

/** How often a server's worlds are caught up to their clocks by default: the live feed is this far behind at most. */
export const DEFAULT_CATCH_UP_EVERY_MS = 10_000;

/**
 * Every `everyMs`, the shared world and each session's whose clock runs (MK4) caught up to it, through the same
 * World.catchUp a request runs: the same acts, records, events, webhooks and state-file lines, at their simulated
 * instants (LW8), and the same world whichever of the two got there (LW6's path independence). A frozen clock
 * has nothing to catch up to. The timer never keeps a process alive.
 * @example const life = new RealTimeLife(worlds.shared, worlds.sessions, 10_000); life.close()
 */
export class RealTimeLife {
  readonly #shared: WorldSlot;
  readonly #sessions: Sessions;
  readonly #everyMs: number;
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(shared: WorldSlot, sessions: Sessions, everyMs: number) {
    this.#shared = shared;
    this.#sessions = sessions;
    this.#everyMs = everyMs;
    this.#next();
  }

  /** One pass over the worlds: what a tick does. */
  #catchUp(): void {
    for (const slot of [this.#shared, ...[...this.#sessions.slots()].map(([, session]) => session)]) {
      const { world } = slot;
      if (world.clock.frozen) continue;
      try {
        world.catchUp();
      } catch {
        // A failure here is the domain's (a bug): the next request's own catch-up meets it again and answers it as a
        // 500 with its problem (G8), where a throw from a timer would have stopped the whole server.
      }
    }
  }

  /** Stops the ticks; the worlds stay as they are and go on catching up at each request. */
  close(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #next(): void {
    this.#timer = setTimeout(() => {
      this.#catchUp();
      if (this.#timer !== null) this.#next();
    }, this.#everyMs);
    // Stryker disable next-line OptionalChaining: a Node timer always has unref (a browser's gives a number).
    (this.#timer as { unref?: () => void }).unref?.();
  }
}
