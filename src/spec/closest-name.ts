// Which known name a mistyped one most likely meant — an option, a command, a value a spec's enum lists — so
// that a refusal can say "did you mean …?" rather than only list what there is.

/** Edits (insert, delete, change, swap two neighbours) between two words: how far a typo is from a name. */
function distance(a: string, b: string): number {
  const width = b.length + 1;
  // The edit table, row by row in one array: cell (i, j) is the distance of a's first i and b's first j.
  const table = new Array<number>((a.length + 1) * width).fill(0);
  const at = (i: number, j: number) => table[i * width + j] ?? Infinity;
  for (let i = 0; i <= a.length; i++) {
    for (let j = 0; j <= b.length; j++) {
      let best =
        i === 0 || j === 0
          ? i + j
          : Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      table[i * width + j] = best;
    }
  }
  return at(a.length, b.length);
}

/** Longer texts are no typo of a short name, and the edit table grows with both lengths: only this much is compared. */
const MAX_COMPARED = 64;

/**
 * The name in `known` closest to `given` when it is close enough to be a slip: the same but for case, a few
 * edits away (a third of the name's length, at least one, and at most `maxEdits` when given), or, with
 * `prefixes`, the start of it.
 * @example closestName('Happy', ['calm', 'happy']) // 'happy'
 * @example closestName('serv', ['serve', 'contract']) // 'serve'
 * @example closestName('confidance', ['confidence'], { maxEdits: 2 }) // 'confidence'
 */
export function closestName(
  given: string,
  known: readonly string[],
  { prefixes = false, maxEdits = Infinity }: { prefixes?: boolean; maxEdits?: number } = {},
): string | undefined {
  if (given.length > MAX_COMPARED) return undefined;
  const name = given.toLowerCase();
  let best: { known: string; edits: number } | undefined;
  for (const candidate of known) {
    const lower = candidate.toLowerCase();
    const close = Math.min(maxEdits, Math.max(1, Math.floor(candidate.length / 3)));
    const prefix = prefixes && name.length >= 2 && lower.startsWith(name);
    // Names whose lengths differ by more than `close` are at least that many edits apart: no table needed.
    if (!prefix && Math.abs(name.length - lower.length) > close) continue;
    const edits = prefix ? 0 : distance(name, lower);
    if (edits <= close && (!best || edits < best.edits)) {
      best = { known: candidate, edits };
    }
  }
  return best?.known;
}
