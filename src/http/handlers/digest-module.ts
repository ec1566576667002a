// Where DG1's digest code comes from in Node: at hand with the rest of the mock's. A page takes
// digest-module.browser.ts instead (the package's `browser` field), which loads it with its first GET /digest.
import { listDigest } from '../../domain/digest.js';

/**
 * `run` on the digest's code, at once.
 * @example withDigest((list) => list(world, actor, query, page, digests))
 */
export function withDigest<T>(run: (list: typeof listDigest) => T): T | Promise<T> {
  return run(listDigest);
}
