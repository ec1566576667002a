// Owns what of each body standin proxy keeps as the body passes: at most CAPTURE_BYTES of one body, and at most
// the budget's bytes over all the exchanges under way. Past either, the body still passes whole, but is not kept
// (and so not checked). What a capture holds goes back to the budget once its exchange is recorded.

/** What of each body the proxy keeps to check, record and write to the HAR file: the answer passes whole. */
export const CAPTURE_BYTES = 8 * 2 ** 20;

/** What all exchanges under way may keep together: beyond it, an exchange passes unchecked. */
const CAPTURE_BUDGET_BYTES = 64 * 2 ** 20;

/**
 * The bytes all captures hold together, bounded.
 * @example const budget = new CaptureBudget(); budget.take(1024) // true until 64 MiB are held
 */
export class CaptureBudget {
  #used = 0;

  constructor(private readonly limit = CAPTURE_BUDGET_BYTES) {}

  /** Whether `bytes` more fit; they are counted when they do. */
  take(bytes: number): boolean {
    if (this.#used + bytes > this.limit) return false;
    this.#used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.#used -= bytes;
  }
}

/**
 * A body read as it passes, up to a cap; `whole` says whether all of it was kept.
 * @example const capture = new Capture(budget); request.on('data', (chunk) => capture.add(chunk))
 */
export class Capture {
  readonly chunks: Buffer[] = [];
  bytes = 0;
  whole = true;

  constructor(private readonly budget: CaptureBudget) {}

  add(chunk: Buffer): void {
    if (!this.whole) return;
    if (this.bytes + chunk.length > CAPTURE_BYTES || !this.budget.take(chunk.length)) {
      this.whole = false;
      this.release();
      return;
    }
    this.chunks.push(chunk);
    this.bytes += chunk.length;
  }

  /** Gives what it holds back to the budget: its bytes are no longer kept. */
  release(): void {
    this.budget.give(this.bytes);
    this.chunks.length = 0;
    this.bytes = 0;
  }

  buffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}
