// The path patterns of fault rules (MK6) and override rules: `*` matches any characters, everything else
// itself. One meaning for both, so a pattern that works in one works in the other.

/**
 * The pattern as an anchored regular expression.
 * @example pathPattern('/api/v2/check-ins*').test('/api/v2/check-ins/2026-11-20') // true
 */
export function pathPattern(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}
