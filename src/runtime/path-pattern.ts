// The path patterns of fault rules (MK6) and override rules: `*` matches any characters, everything else
// itself. One meaning for both, so a pattern that works in one works in the other. Matched without regular
// expressions, in time linear in the path: a pattern such as `/goals/*a*a*a*a*a*a*a*a*b`, as a backtracking
// RegExp, took seconds to hours on one request path and held every client (and SIGTERM) waiting meanwhile.

/** One literal part between stars, with its Knuth–Morris–Pratt failure table, made once per pattern. */
interface Part {
  text: string;
  /** Its first character, which a one-character indexOf looks for. */
  first: string;
  /** failure[j]: the length of the longest proper border of text[0..j] (its prefix that is also its suffix). */
  failure: Int32Array;
}

function partOf(text: string): Part {
  const failure = new Int32Array(text.length);
  // Stryker disable next-line EqualityOperator: one more round reads past the text (NaN never equals) and writes past the Int32Array, which keeps nothing.
  for (let j = 1, k = 0; j < text.length; j++) {
    while (k > 0 && text.charCodeAt(j) !== text.charCodeAt(k)) k = failure[k - 1] ?? 0;
    if (text.charCodeAt(j) === text.charCodeAt(k)) k++;
    failure[j] = k;
  }
  return { text, first: text.charAt(0), failure };
}

/**
 * A pattern, split once on its stars: the path must start with the first literal, end with the last, and hold
 * the ones between in order, without overlapping. Taking each middle literal at its leftmost place leaves the
 * most room for the rest, so one left-to-right pass decides; KMP finds each in a pass that never steps back
 * over the path. A step is a character of the path looked at or a fall back of KMP: at most 2 × the path's
 * length per match, whatever the pattern.
 * @example new PathPattern('/api/v2/check-ins*').matches('/api/v2/check-ins/2026-11-20') // true
 */
export class PathPattern {
  readonly #prefix: string;
  readonly #suffix: string;
  readonly #middle: Part[];
  readonly #starred: boolean;
  #steps = 0;

  constructor(source: string) {
    const literals = source.split('*');
    this.#starred = literals.length > 1;
    // Stryker disable next-line StringLiteral: split gives at least one literal; the fallback is for the types.
    this.#prefix = literals[0] ?? '';
    // Stryker disable next-line StringLiteral: the types' fallback again, and a pattern without a star never reads its suffix.
    this.#suffix = this.#starred ? (literals.at(-1) ?? '') : '';
    // An empty literal (`**`) matches at once, where it is: no need to drop it.
    this.#middle = literals.slice(1, -1).map(partOf);
  }

  /** The character comparisons the last `matches` made: what the linear bound is checked against. */
  get steps(): number {
    return this.#steps;
  }

  matches(path: string): boolean {
    const prefix = this.#prefix;
    const suffix = this.#suffix;
    if (!this.#starred) {
      this.#steps = Math.min(path.length, prefix.length);
      return path === prefix;
    }
    const end = path.length - suffix.length;
    if (end < prefix.length) {
      this.#steps = 0;
      return false;
    }
    // startsWith and endsWith look at most at their literal's length of the path, counted as such.
    let steps = prefix.length + suffix.length;
    let matched = path.startsWith(prefix) && path.endsWith(suffix);
    let at = prefix.length;
    for (const { text, first, failure } of this.#middle) {
      if (!matched) break;
      // KMP over path[at, end): i only moves forward, and k falls back at most as often as it rose, so the
      // steps (a character passed, or a fall back) are at most twice the characters passed. With nothing of the
      // literal matched yet, a one-character indexOf passes to its first character's next place, each character
      // once (and many times faster than this loop).
      let k = 0;
      let i = at;
      while (i < end && k < text.length) {
        // Stryker disable next-line ConditionalExpression,BlockStatement: a shortcut; the loop below passes the same characters to the same place, counting the same steps.
        if (k === 0) {
          const next = path.indexOf(first, i);
          const found = next !== -1 && next < end;
          steps += (found ? next + 1 : end) - i;
          i = found ? next + 1 : end;
          k = found ? 1 : 0;
          continue;
        }
        const code = path.charCodeAt(i);
        steps++;
        while (k > 0 && code !== text.charCodeAt(k)) {
          k = failure[k - 1] ?? 0;
          steps++;
        }
        if (code === text.charCodeAt(k)) k++;
        i++;
      }
      matched = k === text.length;
      at = i;
    }
    this.#steps = steps;
    return matched;
  }
}
