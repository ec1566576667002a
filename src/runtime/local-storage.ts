// What `createMock({ persist: 'local' })` keeps its world in (local-persistence.ts): the page's localStorage, or a
// store with its methods; checked when the mock is made, so that a mock with nowhere to keep its world is refused
// then (in Node, without `storage`), not at its first request.

/** The smallest part of the Web Storage API `persist: 'local'` uses: localStorage, or one with its methods. */
export type StateStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

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
