// How each record kind shows on the wire: its name in GET /__mock/world's counts, the spec schema a restored
// state's records are checked against (verify-world.ts) and the presenter giving that shape (present.ts). Keyed
// by the domain's kinds (src/domain/record-kinds.ts, which says what else a record's text is made from); the
// compiler holds every kind to an entry here, so a new kind cannot be forgotten on the wire.
import type { Person } from '../domain/records.js';
import type { EpochSeconds } from '../domain/records.js';
import type { RecordKind, RecordOf } from '../domain/record-kinds.js';
import type { World } from '../domain/world.js';
import type { WorldSchema } from '../spec/world-schemas.js';
import type { Presenter } from './present.js';

/** A kind's wire form. */
export interface WireKind<R> {
  /** Its name in GET /__mock/world's `counts` (spec/control.yaml). */
  readonly name: string;
  /** The component schema of spec/openapi.yaml its records are presented in. */
  readonly schema: WorldSchema;
  /** The record in that shape, as `viewer` sees it (GO7) at `now` (EC2). */
  readonly present: (presenter: Presenter, world: World, record: R, viewer: Person, now: EpochSeconds) => unknown;
}

/** Each kind's wire form as written; null for a kind with none of its own. */
const ENTRIES = {
  people: { name: 'people', schema: 'Person', present: (p, world, person) => p.person(world, person) },
  // PT2: the detail with members; lists show the short form (Renderer.team).
  teams: { name: 'teams', schema: 'TeamDetail', present: (p, world, team) => p.teamDetail(world, team) },
  goals: { name: 'goals', schema: 'Goal', present: (p, world, goal, viewer) => p.goal(world, goal, viewer) },
  goalUpdates: { name: 'goal_updates', schema: 'GoalUpdate', present: (p, world, u) => p.goalUpdate(world, u) },
  checkIns: { name: 'check_ins', schema: 'CheckIn', present: (p, world, c) => p.checkIn(world, c) },
  echoQuestions: {
    name: 'echo_questions',
    schema: 'EchoQuestion',
    present: (p, world, q, _viewer, now) => p.echoQuestion(world, q, now),
  },
  echoAnswers: { name: 'echo_answers', schema: 'EchoAnswer', present: (p, world, a) => p.echoAnswer(world, a) },
  comments: { name: 'comments', schema: 'Comment', present: (p, world, c) => p.comment(world, c) },
  reactions: { name: 'reactions', schema: 'Reaction', present: (p, world, r) => p.reaction(world, r) },
  activities: { name: 'activities', schema: 'Activity', present: (p, world, a) => p.activity(world, a) },
  // CI9: recorded absences change which check-ins are absent; they have no answer of their own.
  absences: null,
} as const satisfies { readonly [K in RecordKind]: WireKind<RecordOf<K>> | null };

/** The kinds that show on the wire. */
export type ShownKind = { [K in RecordKind]: (typeof ENTRIES)[K] extends null ? never : K }[RecordKind];

/**
 * The wire form of every kind that has one.
 * @example WIRE_KINDS.goals.present(presenter, world, goal, viewer, world.now())
 */
export const WIRE_KINDS: { readonly [K in ShownKind]: WireKind<RecordOf<K>> } = ENTRIES;

/** The kinds that show on the wire, in the order a state lists them. */
export const SHOWN_KINDS = (Object.keys(ENTRIES) as RecordKind[]).filter(
  (kind): kind is ShownKind => ENTRIES[kind] !== null,
);

/** GET /__mock/world's `counts`: how many records of each kind a world holds, under its wire name. */
export type RecordCounts = { [K in ShownKind as (typeof ENTRIES)[K]['name']]: number };

/**
 * @example recordCounts(world.store) // { people: 24, teams: 5, goals: 60, goal_updates: 400, … }
 */
export function recordCounts(store: { table(kind: ShownKind): { readonly size: number } }): RecordCounts {
  const counts: Partial<Record<string, number>> = {};
  for (const kind of SHOWN_KINDS) counts[WIRE_KINDS[kind].name] = store.table(kind).size;
  return counts as RecordCounts;
}

/**
 * A kind's name on the wire: its name in the counts, or for a kind the counts leave out, its own.
 * @example wireKindName('goalUpdates') // 'goal_updates'
 */
export function wireKindName(kind: RecordKind): string {
  const entry = ENTRIES[kind];
  return entry === null ? kind : entry.name;
}
