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
  const [ours, theirs] = [change.standin_pointer, change.production_pointer];
  // A field only production has: standin's name for the object that lacks it, and the field's (as the message).
  const field = theirs === null ? undefined : /\/properties\/([^/]+)$/.exec(theirs)?.[1];
  if (ours !== null && field !== undefined && ours.startsWith('/components/schemas/') && !ours.includes('/properties/'))
    return `${placeName(ours)}.${field.replaceAll('~1', '/').replaceAll('~0', '~')}`;
  // Otherwise the side that has what the other lacks points deeper.
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
