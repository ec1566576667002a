// Owns the state file standin import writes: the organisation's records loaded as a world of their own (an imported
// base, the form a full state restores to), checked to hold together (world-integrity.ts) before a byte is written,
// and exported as the version 2 state `GET /__mock/state` gives for such a world — which `standin serve --state
// FILE` serves and `PUT /__mock/state` takes. The clock stands frozen at the last instant the organisation shows.
// Deterministic: the same records give the same bytes.
import { worldWriter } from '../../fixtures/life-text.js';
import { Clock } from '../domain/clock.js';
import { integrityProblems } from '../domain/world-integrity.js';
import { WorldBase, type WorldContents } from '../domain/world-base.js';
import { exportState } from '../domain/world-state.js';
import { World } from '../domain/world.js';

/** A world that does not hold together: what the import read is said, never written. */
class ImportIntegrityError extends Error {
  override name = 'ImportIntegrityError';
}

/**
 * The state document's text for `contents`, ending in a newline.
 * @example writeFileSync('acme.json', importedStateText(orgRecords(anonymised, salt).contents))
 */
export function importedStateText(contents: WorldContents): string {
  const base = new WorldBase(contents, worldWriter, 'imported');
  const world = new World(base, { clock: new Clock({ now: contents.generatedAt * 1000 }) });
  const problems = integrityProblems(world, contents);
  if (problems.length > 0)
    throw new ImportIntegrityError(`the organisation read does not hold together as a world: ${problems.join('; ')}`);
  return `${JSON.stringify(exportState(world))}\n`;
}
