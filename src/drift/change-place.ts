// Where a change is, in words: its operation, else the component, webhook or part of the document its pointer
// names, for the text, Markdown and JUnit reports.
import type { DriftChange } from './drift-change.js';
import { pointerTokens } from './json-pointer.js';
import { placeName } from './place-names.js';

/**
 * @example changePlace({ operation: null, standin_pointer: '/components/schemas/Goal/properties/url', … }) // 'Goal.url'
 */
export function changePlace(change: DriftChange): string {
  if (change.operation !== null) return change.operation;
  // The side that has what the other lacks points deeper (`Goal/properties/archived_at` against `Goal`).
  const [ours, theirs] = [change.standin_pointer, change.production_pointer];
  const depth = (p: string | null) => (p === null ? -1 : pointerTokens(p).length);
  const pointer = depth(theirs) > depth(ours) ? theirs : ours;
  if (pointer === null) return 'the description';
  const [section, kind, name] = pointerTokens(pointer);
  if (section === 'servers') return 'servers';
  if (section === 'security') return 'security';
  if (section === 'webhooks') return `webhook ${kind ?? ''}`.trim();
  if (section === 'components' && kind !== 'schemas' && name !== undefined) return `${kind} ${name}`;
  return placeName(pointer);
}

/** What a report says about the two documents compared. */
export interface ComparedLabels {
  /** `production.yaml (Goals API 2.1.0)` */
  readonly production: string;
  readonly standin: string;
}
