// Comparing a secret a client sent (the control token, the hook's token) with the real one in a time that tells
// nothing of where they differ: an early exit would let a client find the secret a character at a time.

/**
 * Whether `given` equals `expected`, in a time that depends on their lengths only.
 * @example sameText(c.req.header('authorization') ?? '', `Bearer ${controlToken}`)
 */
export function sameText(given: string, expected: string): boolean {
  let differences = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) differences |= (given.charCodeAt(i) || 0) ^ expected.charCodeAt(i);
  return differences === 0;
}
