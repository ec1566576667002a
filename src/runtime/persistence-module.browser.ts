// Where `persist: 'local'` (local-persistence.ts) comes from in a page (the package's `browser` field puts this
// module in place of persistence-module.ts): its code and a state's rebuild, chunks of their own, loaded by the first
// request of a mock that keeps its world, which waits for them (as for the world's checks, which a kept world needs
// too): a page without persist: 'local' never fetches them (test/page-weight.test.ts). Nothing changes the world
// before a request, so nothing is lost to a save not yet set up; a chunk the page cannot fetch is that request's
// 503 (front.ts), and the next request loads again. It hands the loaded code the world's checks (compiled-spec.js,
// which the mock's code imports anyway), so that local-persistence.js' chunk imports none of the spec's modules.
import { loadWorldChecks, worldChecksAtHand } from '../spec/compiled-spec.js';
import { loadOnce } from '../spec/load-once.js';
import type { StateStorage } from './local-storage.js';
import type { MockRuntime } from './mock-runtime.js';
import { loadStateRebuild } from './state-rebuild-module.js';

/** The code, loaded once for the page; again after a failed load. */
const load = loadOnce(() =>
  Promise.all([import('./local-persistence.js'), loadStateRebuild()]).then(([module]) => module.keepLocally),
);

/**
 * Keeps the mock's shared world in `storage` from its first request on: that request loads the code, which then
 * takes the kept world up and stands in for this first step (keepLocally sets the mock's beforeRequest). Requests
 * that arrive together, as a page's first fetches do, wait for the one set-up: two would keep the world twice.
 * @example persistLocally(runtime, localStorage)
 */
export function persistLocally(mock: MockRuntime, storage: StateStorage): void {
  const keep = loadOnce(() =>
    load().then((keepLocally) => keepLocally(mock, storage, { worldChecksAtHand, loadWorldChecks })),
  );
  const setUp = (): Promise<void> =>
    keep().then(() => (mock.beforeRequest === setUp ? undefined : mock.beforeRequest?.()));
  mock.beforeRequest = setUp;
}
