// Request body limits (G8): JSON nested at most MAX_JSON_DEPTH deep, checked on the text before JSON.parse,
// so nothing downstream (validation, error messages) ever walks a deeper value.

/** G8: JSON nested deeper than this (arrays and objects) gets 400. The deepest body taken, a saved state, nests 6. */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text nests arrays and objects more than `limit` deep: one pass over the text, no recursion,
 * skipping string contents and their escapes. Malformed text gets an answer too; JSON.parse judges it after.
 * @example nestsDeeperThan('[[1]]', 1) // true
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      // Jump to the closing quote: one not escaped by an odd run of backslashes.
      for (;;) {
        i = text.indexOf('"', i + 1);
        if (i === -1) return false;
        let backslashes = 0;
        while (text.charCodeAt(i - 1 - backslashes) === BACKSLASH) backslashes++;
        if (backslashes % 2 === 0) break;
      }
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}
