// Large records for the soak and the state file's tests: a check-in PATCH whose three answers are 60,000 CJK
// characters each (3 UTF-8 bytes apiece, about 540 KB in all), under the 1 MiB body limit and G15's 65,536
// characters per Markdown field.

const CHARACTERS = 60_000;

/** Text of `length` CJK characters after `marker`, different for each marker (so nothing compresses it away). */
function cjk(marker: string, length: number): string {
  let seed = [...marker].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 7) >>> 0;
  const out: string[] = [marker];
  for (let i = marker.length; i < length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    out.push(String.fromCodePoint(0x4e00 + (seed % 20_000)));
  }
  return out.join('');
}

/**
 * The body of a check-in PATCH of about 540 KB, its answers starting with `marker`.
 * @example await fetch(`${baseUrl}/check-ins/${id}`, { method: 'PATCH', body: largeCheckInPatch('w1'), headers })
 */
export function largeCheckInPatch(marker: string): string {
  return JSON.stringify({
    previous: cjk(`${marker} previous `, CHARACTERS),
    intentions: cjk(`${marker} intentions `, CHARACTERS),
    blockers: cjk(`${marker} blockers `, CHARACTERS),
    mood: 'focused',
  });
}
