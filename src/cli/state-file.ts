// --state FILE: the world kept in a file across restarts. Loaded at start (a corrupt or foreign file stops
// the start and is never overwritten), saved atomically (temporary file, then rename) shortly after every
// change and at a graceful stop, so kill -9 loses at most the last second.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { DomainError } from '../domain/domain-error.js';
import { exportState } from '../domain/world-state.js';
import type { Mock } from '../http/app.js';

/** How long after a change the file is written: changes in a burst are saved once. */
export const SAVE_DELAY_MS = 500;

export class StateFileError extends Error {}

/**
 * Restores the mock from the file when it exists; leaves the generated world when it does not.
 * @example loadStateFile(mock, 'demo.json') // true when a world was loaded
 */
export function loadStateFile(mock: Mock, path: string): boolean {
  if (!existsSync(path)) return false;
  const keep = `standin leaves ${path} as it is; move it away or pass another --state to start afresh.`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new StateFileError(`${path} is not a standin state: it is not valid JSON (${(error as Error).message}). ${keep}`);
  }
  try {
    mock.restore(parsed);
  } catch (error) {
    if (error instanceof DomainError) throw new StateFileError(`${path} is not a standin state this version can load: ${error.message} ${keep}`);
    throw error;
  }
  return true;
}

/** Writes the shared world to `path` a moment after each change, and at once on `flush()`. */
export class StateFileWriter {
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly mock: Mock,
    private readonly path: string,
  ) {}

  changed(): void {
    this.#timer ??= setTimeout(() => this.flush(), SAVE_DELAY_MS);
  }

  /** Whether the last save failed (a graceful stop then exits non-zero). */
  failed = false;

  /**
   * Saves now: to a temporary file first, renamed over the old one, so a crash never leaves half a file.
   * A failed save is reported and retried on the next change; it never takes the server down.
   */
  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const temporary = `${this.path}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, JSON.stringify(exportState(this.mock.world)));
      renameSync(temporary, this.path);
      this.failed = false;
    } catch (error) {
      this.failed = true;
      rmSync(temporary, { force: true });
      process.stderr.write(`standin: could not save the world to ${this.path}: ${(error as Error).message}; trying again at the next change\n`);
    }
  }
}
