// What a generated spec module was made from: the hash of the spec files' texts, in order, written into the
// module at build time and compared at start (spec-source.ts).
import { createHash } from 'node:crypto';

/** @example specHash([readFileSync(SPEC_PATH, 'utf8')]) */
export function specHash(texts: string[]): string {
  const hash = createHash('sha256');
  for (const text of texts) hash.update(text).update('\0');
  return hash.digest('hex');
}
