// A world as versioned JSON: everything needed to rebuild it exactly — records, counters, the clock's now —
// for GET/PUT /__mock/state and named snapshots. Read back with a structural check that names what is wrong.
import { formatInstant, parseInstant } from './calendar.js';
import { DomainError } from './domain-error.js';
import type { StoreCounters } from './store.js';
import type { World, WorldContents } from './world.js';

export const STATE_FORMAT = 'standin-world';
export const STATE_VERSION = 1;

const COLLECTIONS = ['people', 'teams', 'goals', 'goalUpdates', 'checkIns', 'echoQuestions', 'echoAnswers', 'comments', 'reactions', 'activities'] as const;

export interface WorldState {
  format: typeof STATE_FORMAT;
  version: typeof STATE_VERSION;
  seed: number;
  size: World['size'];
  /** The clock's now when the state was taken; restoring it sets the clock there. */
  now: string;
  frozen: boolean;
  history_start: string;
  default_person_id: string;
  counters: StoreCounters;
  records: Record<(typeof COLLECTIONS)[number], unknown[]>;
}

/** The whole world as JSON-ready data (lazy texts are written out through their toJSON). */
export function exportState(world: World): WorldState {
  const { store } = world;
  world.catchUp();
  return {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    seed: world.seed,
    size: world.size,
    now: formatInstant(world.now()),
    frozen: world.clock.frozen,
    history_start: world.historyStart,
    default_person_id: world.defaultPersonId,
    counters: store.counters(),
    records: {
      people: [...store.people.values()],
      teams: [...store.teams.values()],
      goals: [...store.goals.values()],
      goalUpdates: [...store.goalUpdates.values()],
      checkIns: [...store.checkIns.values()],
      echoQuestions: [...store.echoQuestions.values()],
      echoAnswers: [...store.echoAnswers.values()],
      comments: [...store.comments.values()],
      reactions: [...store.reactions.values()],
      activities: [...store.activities.values()],
    },
  };
}

function refuse(message: string): never {
  throw DomainError.field('body', 'state', message);
}

/**
 * Checks the frame of a saved state and turns it into world contents; a foreign or other-version document
 * is refused with what was expected. The records themselves are checked once rebuilt (verify-world.ts).
 */
export function readState(value: unknown): { contents: WorldContents; now: number; frozen: boolean } {
  const state = value as Partial<WorldState> | null;
  if (!state || typeof state !== 'object' || state.format !== STATE_FORMAT) {
    refuse(`is not a standin world: expected "format": "${STATE_FORMAT}" as GET /__mock/state gives it.`);
  }
  if (state.version !== STATE_VERSION) refuse(`has version ${JSON.stringify(state.version)}; this standin reads version ${STATE_VERSION}.`);
  if (!Number.isSafeInteger(state.seed) || (state.size !== 'small' && state.size !== 'large')) refuse('needs an integer seed and a size of small or large.');
  const now = parseInstant(String(state.now));
  if (Number.isNaN(now)) refuse(`has now ${JSON.stringify(state.now)}, not an instant YYYY-MM-DDTHH:MM:SSZ.`);
  const records = state.records as Record<string, unknown> | undefined;
  for (const name of COLLECTIONS) if (!Array.isArray(records?.[name])) refuse(`lacks records.${name} (an array).`);
  const counters = state.counters;
  if (!counters || typeof counters.seq !== 'number' || typeof counters.created !== 'object') refuse('lacks counters {created, seq}.');
  const r = records as WorldState['records'];
  return {
    now: now * 1000,
    frozen: state.frozen !== false,
    contents: {
      seed: state.seed!, size: state.size!, generatedAt: now, historyStart: String(state.history_start),
      defaultPersonId: String(state.default_person_id), counters,
      people: r.people, teams: r.teams, goals: r.goals, goalUpdates: r.goalUpdates, checkIns: r.checkIns,
      echoQuestions: r.echoQuestions, echoAnswers: r.echoAnswers, comments: r.comments, reactions: r.reactions,
      activities: r.activities,
    } as WorldContents,
  };
}
