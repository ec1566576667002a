// A page's localStorage stood in for by a Map, for the tests of persist: 'local' (local-storage.ts' StateStorage).
import type { StateStorage } from '../../src/runtime/local-storage.js';

/**
 * An empty storage of its own.
 * @example createMock({ persist: 'local', storage: memoryStorage() })
 */
export function memoryStorage(): StateStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}
