// The one narrowing helper of the tests: a value a test goes on to use (an indexed record, a regex match, a map
// entry), or a failure that says what was missing, rather than a TypeError on undefined further down.

/**
 * `value` when it is there (neither undefined nor null); otherwise the test fails, naming `what` it expected.
 * @example const team = defined(h.world.store.teamsInOrder[0], 'a team in the world');
 */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}, got ${String(value)}`);
  return value;
}
