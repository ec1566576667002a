// G7 in the default mode: a body field the operation does not write is ignored, as production ignores it, so a
// typo (`confidance`) makes a write without it and no error says so. The journal lists what was ignored, with
// the writable field one or two edits away; the answer stays exactly production's. This runs on every write:
// a pass over the body's keys with a set lookup each, and the rest only when a key is unknown.
import type { IgnoredField } from '../runtime/mock-events.js';
import { closestName } from '../spec/closest-name.js';
import { clip } from '../spec/preview.js';

/** The most ignored fields an entry lists: a body may carry thousands. */
const IGNORED_LISTED = 20;
/** The most edits between a typo and the writable field it is taken for. */
const SUGGESTION_EDITS = 2;

/**
 * A key as the entry keeps it: clipped, and then a string of its own — a slice may be a view into the whole key
 * (V8), which would keep a key of a megabyte alive for as long as the journal keeps the entry.
 */
function nameOf(key: string): string {
  const clipped = clip(key);
  return clipped === key ? key : Array.from(clipped).join('');
}

/**
 * The fields of a body that the operation ignores (its first IGNORED_LISTED, each name clipped), or null when
 * it ignores none.
 * @example ignoredFields({ confidance: 60 }, new Set(['confidence'])) // [{ name: 'confidance', suggestion: 'confidence' }]
 */
export function ignoredFields(body: object, writable: ReadonlySet<string>): IgnoredField[] | null {
  let ignored: IgnoredField[] | null = null;
  let known: string[] | null = null;
  for (const key in body) {
    if (writable.has(key)) continue;
    ignored ??= [];
    known ??= [...writable];
    const suggestion = closestName(key, known, { maxEdits: SUGGESTION_EDITS });
    const name = nameOf(key);
    ignored.push(suggestion === undefined ? { name } : { name, suggestion });
    if (ignored.length === IGNORED_LISTED) break;
  }
  return ignored;
}
