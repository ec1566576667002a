// `createMock({ persist: 'local' })`: the shared world kept in the browser's localStorage across page reloads,
// a demo page being reloaded often. What is kept is the state the controls export (GET /__mock/state: the
// world's changes over its generated base, its clock included), restored when the mock is made and saved
// shortly after any request that may have changed the world. Sessions (MK5) are not kept.
import type { MiddlewareHandler } from 'hono';
import { exportState } from '../domain/world-state.js';
import type { Mock, StateStorage } from './mock.js';

/** Changes in a burst are saved once, this long after the last. */
const SAVE_DELAY_MS = 250;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The key a mock's world is kept under: one per seed and size, so two demos of other worlds never mix. */
export function storageKey(mock: Mock): string {
  return `standin:world:${mock.options.seed}:${mock.options.size}`;
}

/** The page's localStorage, or an error saying where persistence works. */
export function localStorageOrFail(): StateStorage {
  const storage = (globalThis as { localStorage?: StateStorage }).localStorage;
  if (!storage) {
    throw new Error(
      "standin: persist: 'local' keeps the world in a browser's localStorage, and there is none here; in Node, keep it in a file with standin serve --state FILE.",
    );
  }
  return storage;
}

/**
 * Restores the mock's shared world from `storage` when a valid state is kept there (an invalid or foreign one
 * is dropped, never a crash), and returns the middleware that saves it after each request that may change it.
 * @example app.use('*', keepLocally(mock, localStorage))
 */
export function keepLocally(mock: Mock, storage: StateStorage): MiddlewareHandler {
  const key = storageKey(mock);
  const kept = storage.getItem(key);
  if (kept !== null) {
    try {
      mock.restore(JSON.parse(kept));
    } catch {
      // Written by another version, or edited by hand: the generated world instead, saved over it below.
      storage.removeItem(key);
    }
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    try {
      storage.setItem(key, JSON.stringify(exportState(mock.world)));
    } catch {
      // Over the storage's quota: the world goes on, unsaved, rather than failing the page's requests.
    }
  };
  return async (c, next) => {
    await next();
    if (READS.has(c.req.method)) return;
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  };
}
