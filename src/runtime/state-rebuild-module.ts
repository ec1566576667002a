// Where a saved state's rebuild (state-rebuild.ts) comes from in Node: at hand with the rest of the mock's. A page
// takes state-rebuild-module.browser.ts instead (the package's `browser` field), which loads it with the first
// restore (PUT /__mock/state, a world kept by persist: 'local').
import { rebuildState } from './state-rebuild.js';

/**
 * The rebuild of a saved state, at hand.
 * @example const { world } = rebuildAtHand()(state, verify, baseFor)
 */
export function rebuildAtHand(): typeof rebuildState {
  return rebuildState;
}

/** Whether the rebuild is at hand: always, in Node. */
export function stateRebuildAtHand(): boolean {
  return true;
}

/**
 * Loads the rebuild, for a page; in Node it is at hand.
 * @example await loadStateRebuild(); rebuildAtHand()(state, verify, baseFor)
 */
export function loadStateRebuild(): Promise<void> {
  return Promise.resolve();
}
