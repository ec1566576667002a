// What a command line gets wrong, said in one line: parseArgs' unknown-option and missing-value errors
// rewritten for a person, with the option they most likely meant.

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

/**
 * The known option closest to `given`, if it is close enough to be a typo (or a prefix of one).
 * @example closestOption('--prot', ['port', 'host']) // '--port'
 */
export function closestOption(given: string, known: readonly string[]): string | undefined {
  const name = given.replace(/^-+/, '').split('=')[0] ?? '';
  let best: { option: string; edits: number } | undefined;
  for (const option of known) {
    const edits = option.startsWith(name) && name.length >= 2 ? 0 : distance(name, option);
    if (edits <= Math.max(1, Math.floor(option.length / 3)) && (!best || edits < best.edits)) {
      best = { option, edits };
    }
  }
  return best && `--${best.option}`;
}

/**
 * A parseArgs error as one line for a person: the unknown option with the one they likely meant.
 * @example optionError(error, ['port', 'host']) // 'unknown option --prot: did you mean --port?'
 */
export function optionError(error: unknown, known: readonly string[]): string {
  const { code, message } = error as { code?: string; message: string };
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const given = /'(-[^']*)'/.exec(message)?.[1] ?? message;
    const guess = closestOption(given, known);
    return `unknown option ${given}${guess ? `: did you mean ${guess}?` : ''}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const option = /'(-[^ ']*)/.exec(message)?.[1];
    if (option) return `${option} needs a value: ${option} VALUE`;
  }
  return message;
}
