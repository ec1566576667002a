// Where DG1's digest code comes from in a page (the package's `browser` field puts this module in place of
// digest-module.ts): a chunk of its own (about 1 kB gzipped), loaded with the page's first GET /digest, which a
// page that never asks for a digest does not load before its first answer (test/page-weight.test.ts).
import type { listDigest } from '../../domain/digest.js';
import { CodeNotLoaded } from '../not-loaded.js';

let loaded: typeof listDigest | null = null;

/**
 * `run` on the digest's code: at once once loaded, else after loading it. A chunk the page cannot fetch is
 * CodeNotLoaded (a 503, api-steps.ts), and the next request loads it again.
 * @example withDigest((list) => list(world, actor, query, page, digests))
 */
export function withDigest<T>(run: (list: typeof listDigest) => T): T | Promise<T> {
  if (loaded) return run(loaded);
  return import('../../domain/digest.js').then(
    (module) => run((loaded = module.listDigest)),
    (error: unknown) => {
      throw new CodeNotLoaded("The digest's code", error);
    },
  );
}
