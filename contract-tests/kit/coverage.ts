// Which operation answered which status during a kit run; every spec operation should be exercised.
import { getCompiledSpec } from '../../src/spec/compiled-spec.js';

export class Coverage {
  readonly #seen = new Map<string, Map<number, number>>();

  record(operationId: string, status: number, count = 1): void {
    let statuses = this.#seen.get(operationId);
    if (!statuses) this.#seen.set(operationId, (statuses = new Map()));
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

  /** Share of spec operations exercised at least once, 0–1. */
  ratio(): number {
    const rows = this.rows();
    return rows.filter((r) => r.statuses.length > 0).length / rows.length;
  }

  toJSON() {
    return Object.fromEntries([...this.#seen].map(([op, statuses]) => [op, Object.fromEntries(statuses)]));
  }

  static fromJSON(json: Record<string, Record<string, number>>): Coverage {
    const coverage = new Coverage();
    for (const [op, statuses] of Object.entries(json)) {
      for (const [status, count] of Object.entries(statuses)) coverage.record(op, Number(status), count);
    }
    return coverage;
  }
}
