// Where `persist: 'local'` (local-persistence.ts) comes from in Node: at hand, so the kept world is taken up as the
// mock is made. A page takes persistence-module.browser.ts instead (the package's `browser` field), which loads it
// with the first request of a mock that keeps its world.
import { keepLocally } from './local-persistence.js';
import type { StateStorage } from './local-storage.js';
import type { MockRuntime } from './mock-runtime.js';

/**
 * Keeps the mock's shared world in `storage` (keepLocally), from now on.
 * @example persistLocally(runtime, localStorage)
 */
export function persistLocally(mock: MockRuntime, storage: StateStorage): void {
  keepLocally(mock, storage);
}
