// A saved state rebuilt into a world and checked before it may replace one (never half-written state, never a
// 5xx later): its frame read, its clock set, its base found or made, its records checked against the spec and
// for integrity. One place for it, used at once by Worlds.restore (in-process, in a browser, the state file) and
// off the request path by standin serve's state worker (src/server/state-worker.ts).
import { worldWriter } from '../../fixtures/index.js';
import { Clock } from '../domain/clock.js';
import { DomainError } from '../domain/domain-error.js';
import { WorldBase, type WorldContents, type WorldSize } from '../domain/world-base.js';
import { changeProblems, integrityProblems } from '../domain/world-integrity.js';
import { readState } from '../domain/world-state.js';
import { World, type WorldChanges } from '../domain/world.js';

/**
 * What a rebuilt world's records break of the spec, read as its answers would present them (the first `most`,
 * none when it is sound): the front that presents records knows how (src/http/verify-world.ts), and hands it
 * down, so that the runtime never climbs up to it. `changes`: only those records are checked.
 */
export type WorldVerifier = (world: World, most?: number, changes?: WorldChanges) => string[];

/** The generated base a version 2 state names by seed, size and generation instant. */
export type BaseSource = (seed: number, size: WorldSize, generatedAt: number) => WorldBase;

export interface RebuiltState {
  world: World;
  /** The records of a base the state carried in full (version 1, or version 2 over an imported base). */
  imported?: WorldContents;
}

function refuseState(problems: string[]): never {
  throw DomainError.invalid(problems.map((problem) => ({ in: 'body', name: 'state', message: `state ${problem}` })));
}

/**
 * The world a saved state (version 1 or 2) describes, its clock included, once it passed every check; a bad
 * state throws a DomainError (422) naming its first problems.
 * @example const { world } = rebuildState(body, verify, (seed, size, at) => worlds.baseFor(seed, size, at))
 */
export function rebuildState(state: unknown, verify: WorldVerifier, baseFor: BaseSource): RebuiltState {
  const parsed = readState(state);
  const now = parsed.kind === 'full' ? parsed.now : parsed.changes.now;
  const frozen = parsed.kind === 'full' ? parsed.frozen : parsed.changes.frozen;
  const clock = Clock.restored(now, frozen);
  const imported = parsed.kind === 'full' ? parsed.contents : parsed.base.contents;
  let world: World;
  let problems: string[];
  try {
    if (parsed.kind === 'full') {
      world = new World(new WorldBase(parsed.contents, worldWriter, 'imported'), { clock, simulate: parsed.simulate });
      problems = integrityProblems(world, parsed.contents);
      if (problems.length === 0) problems = verify(world);
    } else {
      const { seed, size, generatedAt, contents } = parsed.base;
      const base = contents ? new WorldBase(contents, worldWriter, 'imported') : baseFor(seed, size, generatedAt);
      world = new World(base, { clock }, parsed.changes);
      problems = contents ? integrityProblems(world, contents) : changeProblems(world, parsed.changes);
      if (problems.length === 0) problems = verify(world, 5, contents ? undefined : parsed.changes);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    refuseState([`could not be rebuilt: ${String((error as Error).message).slice(0, 200)}`]);
  }
  if (problems.length > 0) refuseState(problems);
  return imported ? { world, imported } : { world };
}
