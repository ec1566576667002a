// Bounded quotes of request values for G8 messages: a problem never grows with the input it describes, and
// quoting a value walks no more of it than it shows — without recursion, and never JSON.stringify on the whole.

/** The longest quote of a value in a message, in characters. */
const QUOTE_CHARS = 60;

/**
 * `text`, cut to `max` characters (the last three `...`) when longer.
 * @example clip('x'.repeat(100_000)) // 57 x's and '...'
 */
export function clip(text: string, max = QUOTE_CHARS): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

/** A JSON scalar as JSON text, reading at most `max + 1` characters of a string. */
function scalar(value: unknown, max: number): string {
  if (typeof value === 'string') return JSON.stringify(value.length > max ? value.slice(0, max + 1) : value);
  return JSON.stringify(value) ?? String(value);
}

/** An array, or the first keys of an object (enough to fill any quote: each shown entry takes 4+ characters). */
interface Level {
  container: unknown[] | Record<string, unknown>;
  keys: string[] | null;
  next: number;
}

function levelOf(value: object, max: number): Level {
  if (Array.isArray(value)) return { container: value, keys: null, next: 0 };
  const keys: string[] = [];
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    keys.push(key);
    if (keys.length > max) break;
  }
  return { container: value as Record<string, unknown>, keys, next: 0 };
}

/**
 * JSON text of a value as a message quotes it, at most `max` characters: it stops walking arrays and objects
 * as soon as the quote is full, so a value nested thousands deep or a 100k-character string costs no more
 * than a short one.
 * @example preview({ title: 'x'.repeat(100_000) }) // '{"title":"xxx…' cut to 60 characters
 */
export function preview(value: unknown, max = QUOTE_CHARS): string {
  let text = '';
  const levels: Level[] = [];
  let pending: { value: unknown } | null = { value };
  while (text.length <= max) {
    if (pending) {
      const current = pending.value;
      pending = null;
      if (current !== null && typeof current === 'object') {
        text += Array.isArray(current) ? '[' : '{';
        levels.push(levelOf(current, max));
      } else {
        text += scalar(current, max);
      }
      continue;
    }
    const level = levels.at(-1);
    if (!level) break;
    const length = level.keys ? level.keys.length : (level.container as unknown[]).length;
    if (level.next >= length) {
      text += level.keys ? '}' : ']';
      levels.pop();
      continue;
    }
    if (level.next > 0) text += ',';
    const key = level.keys?.[level.next];
    if (key !== undefined) {
      text += `${scalar(key, max)}:`;
      pending = { value: (level.container as Record<string, unknown>)[key] };
    } else {
      pending = { value: (level.container as unknown[])[level.next] };
    }
    level.next++;
  }
  return clip(text, max);
}
