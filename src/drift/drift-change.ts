// What drift reports: one difference between production's description and standin's, where it is in each, what
// kind it is, and what it means for a client built against standin (its category); and how a list of them is
// summed up and ordered, so that the same two descriptions always give the same report, byte for byte.

/**
 * From the point of view of a client built against standin: `breaking`, it would fail against production
 * (standin answers a field, status or enum value production does not have, or production requires something
 * standin does not); `missing`, production offers what standin lacks; `compatible`, nothing a client notices
 * (descriptions, examples, a widened input).
 */
export type Category = 'breaking' | 'missing' | 'compatible';
export const CATEGORIES: readonly Category[] = ['breaking', 'missing', 'compatible'];

/** What differs. */
export type ChangeKind =
  | 'base-path'
  | 'security'
  | 'operation'
  | 'tool'
  | 'output-schema'
  | 'webhook'
  | 'parameter'
  | 'style'
  | 'request-body'
  | 'request-field'
  | 'response-field'
  | 'status'
  | 'media-type'
  | 'header'
  | 'required'
  | 'type'
  | 'variant'
  | 'format'
  | 'enum'
  | 'nullable'
  | 'length'
  | 'range'
  | 'pattern'
  | 'deprecated'
  | 'description'
  | 'example';

/** One difference, as `--format json` prints it. */
export interface DriftChange {
  readonly category: Category;
  readonly kind: ChangeKind;
  /**
   * `GET /goals` when the difference is in one operation; null in a component several share, or the document's.
   * Comparing MCP tool lists (`--mcp`), the tool's name (`get_goals`); null for the list itself.
   */
  readonly operation: string | null;
  /** Where it is in production's description; for what production lacks, the nearest place that holds it there. */
  readonly production_pointer: string | null;
  /**
   * Where it is in standin's spec/openapi.yaml (with `--mcp`, in standin's tools/list answer); for what standin
   * lacks, the nearest place that holds it there.
   */
  readonly standin_pointer: string | null;
  readonly message: string;
  /** The `x-rule` ids of standin's spec that govern the place: the behaviour to revisit. */
  readonly rules: readonly string[];
}

/** `--format json`'s document. */
export interface DriftReport {
  readonly summary: Readonly<Record<Category, number>>;
  readonly changes: readonly DriftChange[];
}

/** The worse of two categories: breaking over missing over compatible. */
export function worseCategory(a: Category, b: Category): Category {
  return CATEGORIES.indexOf(a) <= CATEGORIES.indexOf(b) ? a : b;
}

/**
 * How many changes of each category.
 * @example summaryOf(changes) // { breaking: 2, missing: 5, compatible: 40 }
 */
export function summaryOf(changes: readonly DriftChange[]): Record<Category, number> {
  const summary: Record<Category, number> = { breaking: 0, missing: 0, compatible: 0 };
  for (const change of changes) summary[change.category]++;
  return summary;
}
