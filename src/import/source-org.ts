// Owns what standin import reads of an organisation, as the API answered it (the wire's shapes, spec/openapi.yaml):
// the reader fills it (from the API or a proxy's HAR capture), the anonymiser maps it to another of the same shape
// with nothing real left, and the builder turns that into a world's records. One type between the three steps,
// and the words its kinds go by in what the import says.
import type { ApiSchema } from '../types/wire.js';
import type { ReadWindow } from './read-window.js';

export interface SourceOrg {
  /** Where and when it was read, and the window of dated records read (check-ins, activities). */
  source: {
    /** The API's base URL (`https://api.example.com/api/v2`) or the HAR file's name. */
    label: string;
    /** When the reading ended (G3's shape). */
    readAt: string;
    /**
     * The window of check-ins and activities read: from `since` (YYYY-MM-DD), by default up to the newest record
     * seen before they were read (read-window.ts), where the world is frozen.
     */
    window: ReadWindow;
  };
  /** The person whose token read it (GET /me). */
  me: ApiSchema<'Person'>;
  people: ApiSchema<'Person'>[];
  /** Each team with its members (GET /teams/{id}). */
  teams: ApiSchema<'TeamDetail'>[];
  goals: ApiSchema<'Goal'>[];
  goalUpdates: ApiSchema<'GoalUpdate'>[];
  checkIns: ApiSchema<'CheckIn'>[];
  echoQuestions: ApiSchema<'EchoQuestion'>[];
  echoAnswers: ApiSchema<'EchoAnswer'>[];
  activities: ApiSchema<'Activity'>[];
  /** Read only with --comments: the comments and reactions on the check-ins and goal updates read. */
  comments: ApiSchema<'Comment'>[];
  reactions: ApiSchema<'Reaction'>[];
}

/** The kinds of record a SourceOrg lists, in the order the reader reads them. */
export const SOURCE_KINDS = [
  'people',
  'teams',
  'goals',
  'goalUpdates',
  'checkIns',
  'echoQuestions',
  'echoAnswers',
  'activities',
  'comments',
  'reactions',
] as const satisfies ReadonlyArray<keyof SourceOrg>;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/**
 * The spec's schema of each kind's records: what the reader checks each page it reads against.
 * @example getCompiledSpec().checkSchema(SOURCE_SCHEMAS.teams, team) // [] for a valid TeamDetail
 */
export const SOURCE_SCHEMAS: Record<SourceKind, string> = {
  people: 'Person',
  teams: 'TeamDetail',
  goals: 'Goal',
  goalUpdates: 'GoalUpdate',
  checkIns: 'CheckIn',
  echoQuestions: 'EchoQuestion',
  echoAnswers: 'EchoAnswer',
  activities: 'Activity',
  comments: 'Comment',
  reactions: 'Reaction',
};

/** Each kind's words, one and many, as standin import's lines name them (and `me`, the person who read it). */
export const KIND_WORDS: Record<SourceKind | 'me', { one: string; many: string }> = {
  me: { one: 'me', many: 'me' },
  people: { one: 'person', many: 'people' },
  teams: { one: 'team', many: 'teams' },
  goals: { one: 'goal', many: 'goals' },
  goalUpdates: { one: 'goal update', many: 'goal updates' },
  checkIns: { one: 'check-in', many: 'check-ins' },
  echoQuestions: { one: 'Echo question', many: 'Echo questions' },
  echoAnswers: { one: 'Echo answer', many: 'Echo answers' },
  activities: { one: 'activity', many: 'activities' },
  comments: { one: 'comment', many: 'comments' },
  reactions: { one: 'reaction', many: 'reactions' },
};
