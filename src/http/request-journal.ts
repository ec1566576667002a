// The request journal: the last requests to /api/v2 (method, path, status, duration, session), newest first,
// for debugging a frontend against the mock. Bounded, so a long demo never grows it without end.

export interface JournalEntry {
  at: string;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  session: string | null;
}

export interface JournalFilter {
  method?: string;
  status?: number;
  session?: string;
  /** Keeps entries whose path starts with this. */
  path?: string;
  limit?: number;
}

export class RequestJournal {
  readonly #entries: JournalEntry[] = [];
  #next = 0;
  #second = NaN;
  #at = '';

  constructor(readonly capacity = 1000) {}

  /** Real time as an entry's `at` (G3's shape), formatted once a second: every request asks. */
  now(): string {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.#second) {
      this.#second = second;
      this.#at = new Date(second * 1000).toISOString().slice(0, 19) + 'Z';
    }
    return this.#at;
  }

  record(entry: JournalEntry): void {
    if (this.#entries.length < this.capacity) this.#entries.push(entry);
    else this.#entries[this.#next] = entry;
    this.#next = (this.#next + 1) % this.capacity;
  }

  /** Newest first, filtered. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const newestFirst = [...this.#entries.slice(0, this.#next).reverse(), ...this.#entries.slice(this.#next).reverse()];
    return newestFirst
      .filter(
        (e) =>
          (filter.method === undefined || e.method === filter.method.toUpperCase()) &&
          (filter.status === undefined || e.status === filter.status) &&
          (filter.session === undefined || e.session === filter.session) &&
          (filter.path === undefined || e.path.startsWith(filter.path)),
      )
      .slice(0, filter.limit ?? 100);
  }
}
