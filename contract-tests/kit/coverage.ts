// Which operation answered which status during a kit run; every spec operation should be exercised.
import { getCompiledSpec } from '../../src/spec/compiled-spec.js';

export class Coverage {
  readonly #seen = new Map<string, Map<number, number>>();

  record(operationId: string, status: number, count = 1): void {
    let statuses = this.#seen.get(operationId);
    if (!statuses) this.#seen.set(operationId, (statuses = new Map<number, number>()));
    statuses.set(status, (statuses.get(status) ?? 0) + count);
  }

  /** Per spec operation: the statuses seen; an operation never called has none. */
  rows(): Array<{ operationId: string; method: string; path: string; statuses: number[] }> {
    return getCompiledSpec().operations.map((op) => ({
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      statuses: [...(this.#seen.get(op.operationId)?.keys() ?? [])].sort((a, b) => a - b),
    }));
  }

  /** Share of spec operations that answered a success at least once, 0–1: a 401 alone proves little. */
  ratio(): number {
    const rows = this.rows();
    return rows.filter(isExercised).length / rows.length;
  }

  toJSON() {
    return Object.fromEntries([...this.#seen].map(([op, statuses]) => [op, Object.fromEntries(statuses)]));
  }
}

/** An operation counts as exercised once it answered a 2xx. */
export function isExercised(row: { statuses: number[] }): boolean {
  return row.statuses.some((status) => status >= 200 && status < 300);
}
