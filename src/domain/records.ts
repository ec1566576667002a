// The shapes of the world's records as the store keeps them: input forms (ids, not objects), epoch seconds.
// Presentation to the wire shapes of spec/openapi.yaml happens in src/domain/present.ts.

/** Lowercase UUID v4 string (G2). */
export type Uuid = string;
/** Calendar date `YYYY-MM-DD` (G3). */
export type IsoDate = string;
/** Whole seconds since the Unix epoch; presented as `YYYY-MM-DDTHH:MM:SSZ` (G3). */
export type EpochSeconds = number;

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** GO2 (decision): the allowed goal update cadences. */
export const UPDATE_CADENCES = ['weekly', 'biweekly', 'monthly'] as const;
export type UpdateCadence = (typeof UPDATE_CADENCES)[number];

/** CI8 (prod): the mood enumeration. */
export const MOODS = [
  'calm', 'happy', 'excited', 'celebratory', 'joyful', 'confident', 'focused', 'goofy', 'nerdy',
  'thoughtful', 'meh', 'confused', 'flustered', 'surprised', 'tired', 'disappointed', 'worried',
  'annoyed', 'stressed', 'angry', 'sick',
] as const;
export type Mood = (typeof MOODS)[number];

/** EC1 (decision): echo answer frequencies. */
export const ANSWER_FREQUENCIES = ['daily', 'weekly', 'biweekly', 'monthly'] as const;
export type AnswerFrequency = (typeof ANSWER_FREQUENCIES)[number];

/** CR2 (prod): reaction names and their emoji. */
export const REACTION_EMOJI = {
  tada: '🎉', thumbsup: '👍', heart: '❤️', eyes: '👀', rocket: '🚀', clap: '👏',
} as const;
export type ReactionName = keyof typeof REACTION_EMOJI;

/** AC1 (decision beyond the production examples): activity kinds. */
export const ACTIVITY_KINDS = ['github_pr', 'jira', 'linear', 'asana', 'google_calendar', 'api'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The records that comments and reactions attach to (CR1, CR2). */
export type CommentableType = 'check-in' | 'goal-update';

export interface Absence {
  start: IsoDate;
  end: IsoDate;
  /** CI9: check-ins generated before this instant stay listed with `absent: true`. */
  recordedAt: EpochSeconds;
}

export interface Person {
  id: Uuid;
  name: string;
  username: string;
  email: string;
  /** IANA time zone; the person's "today" for CI1 is the clock's date here. */
  timeZone: string;
  title: string;
  location: string;
  administrator: boolean;
  kind: 'human' | 'agent';
  teamIds: Uuid[];
  absences: Absence[];
  /** G9: one read-write and one read-only token per person. */
  tokens: { readWrite: string; readOnly: string };
  createdAt: EpochSeconds;
  updatedAt: EpochSeconds;
}

export interface Team {
  id: Uuid;
  name: string;
  /** PT2, CI1: the weekdays on which the team's members get a check-in. */
  checkInDays: Weekday[];
}

export interface Goal {
  id: Uuid;
  title: string;
  description: string | null;
  startDate: IsoDate | null;
  endDate: IsoDate | null;
  updateCadence: UpdateCadence;
  ownerId: Uuid;
  parentId: Uuid | null;
  private: boolean;
  archived: boolean;
  contributorIds: Uuid[];
  teamIds: Uuid[];
  createdAt: EpochSeconds;
  updatedAt: EpochSeconds;
  /** Creation order, to break ties within one second. */
  seq: number;
}

export interface GoalUpdate {
  id: Uuid;
  goalId: Uuid;
  personId: Uuid;
  title: string;
  body: string;
  progress: number;
  /** Always one of 30, 60, 90 once saved (GU2). */
  confidence: 30 | 60 | 90;
  createdAt: EpochSeconds;
  updatedAt: EpochSeconds;
  /** Creation order: within one second, the one created last is the newer (GO4, GU7). */
  seq: number;
}

export interface CheckIn {
  id: Uuid;
  personId: Uuid;
  date: IsoDate;
  teamIds: Uuid[];
  previous: string | null;
  intentions: string | null;
  blockers: string | null;
  mood: Mood | null;
  previousCompleted: boolean | null;
  absent: boolean;
  completedAt: EpochSeconds | null;
  updatedAt: EpochSeconds;
}

export interface EchoQuestion {
  id: Uuid;
  creatorId: Uuid;
  prompt: string;
  title: string;
  answerFrequency: AnswerFrequency;
  answerDay: Weekday;
  /** `HH:MM`, 24-hour. */
  answerTime: string;
  answerTimeZone: string;
  pausedAt: EpochSeconds | null;
  /** EC4: answers have been published for every slot up to and including this instant. */
  publishedThrough: EpochSeconds;
  createdAt: EpochSeconds;
  updatedAt: EpochSeconds;
  seq: number;
}

export interface EchoAnswer {
  id: Uuid;
  questionId: Uuid;
  title: string;
  body: string | null;
  publishedAt: EpochSeconds;
  seq: number;
}

export interface Comment {
  id: Uuid;
  resourceType: CommentableType;
  resourceId: Uuid;
  personId: Uuid;
  body: string;
  createdAt: EpochSeconds;
  updatedAt: EpochSeconds;
  seq: number;
}

export interface Reaction {
  id: Uuid;
  resourceType: CommentableType;
  resourceId: Uuid;
  personId: Uuid;
  name: ReactionName;
  createdAt: EpochSeconds;
  seq: number;
}

export interface Activity {
  id: Uuid;
  kind: ActivityKind;
  group: string;
  title: string;
  description: string;
  url: string | null;
  personId: Uuid;
  recordedAt: EpochSeconds;
  seq: number;
}
