// Where a saved state's rebuild (state-rebuild.ts, with the state's reader and the integrity checks) comes from in
// a page (the package's `browser` field puts this module in place of state-rebuild-module.ts): a chunk of its own,
// loaded by the first restore (PUT /__mock/state, or a world kept by persist: 'local' taken up), which a page that
// never restores does not fetch before its first answer (test/page-weight.test.ts).
import { loadOnce } from '../spec/load-once.js';
import type { rebuildState } from './state-rebuild.js';

let loaded: typeof rebuildState | null = null;

/**
 * The rebuild of a saved state, once loaded (loadStateRebuild); a restore asked before is standin's bug.
 * @example await loadStateRebuild(); rebuildAtHand()(state, verify, baseFor)
 */
export function rebuildAtHand(): typeof rebuildState {
  if (!loaded) throw new Error('standin: the state rebuild is not loaded yet: await loadStateRebuild() first');
  return loaded;
}

/** Whether the rebuild is at hand (once loadStateRebuild has loaded it). */
export function stateRebuildAtHand(): boolean {
  return loaded !== null;
}

/**
 * Loads the rebuild once; again after a failed load (a page that could not fetch the chunk).
 * @example await loadStateRebuild()
 */
export const loadStateRebuild: () => Promise<void> = loadOnce(() =>
  import('./state-rebuild.js').then((module) => {
    loaded = module.rebuildState;
  }),
);
