// The shapes of the world's records as the store keeps them: input forms (ids, not objects), epoch seconds.
// Presentation to the wire shapes of spec/openapi.yaml happens in src/http/present.ts.

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
  'calm',
  'happy',
  'excited',
  'celebratory',
  'joyful',
  'confident',
  'focused',
  'goofy',
  'nerdy',
  'thoughtful',
  'meh',
  'confused',
  'flustered',
  'surprised',
  'tired',
  'disappointed',
  'worried',
  'annoyed',
  'stressed',
  'angry',
  'sick',
] as const;
export type Mood = (typeof MOODS)[number];

/** EC1 (decision): echo answer frequencies. */
export const ANSWER_FREQUENCIES = ['daily', 'weekly', 'biweekly', 'monthly'] as const;
export type AnswerFrequency = (typeof ANSWER_FREQUENCIES)[number];

/** CR2 (prod): reaction names and their emoji. */
export const REACTION_EMOJI = {
  tada: '🎉',
  thumbsup: '👍',
  heart: '❤️',
  eyes: '👀',
  rocket: '🚀',
  clap: '👏',
} as const;
export type ReactionName = keyof typeof REACTION_EMOJI;

/** AC1 (decision beyond the production examples): activity kinds. */
export const ACTIVITY_KINDS = ['github_pr', 'jira', 'linear', 'asana', 'google_calendar', 'api'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The records that comments and reactions attach to (CR1, CR2). */
export type CommentableType = 'check-in' | 'goal-update';

export interface Absence {
  readonly start: IsoDate;
  readonly end: IsoDate;
  /** CI9: check-ins generated before this instant stay listed with `absent: true`. */
  readonly recordedAt: EpochSeconds;
}

/** CI9: the absences of a person recorded while the world ran, with the generated ones (keyed by person id). */
export interface PersonAbsences {
  readonly id: Uuid;
  readonly absences: readonly Absence[];
}

export interface Person {
  readonly id: Uuid;
  readonly name: string;
  readonly username: string;
  readonly email: string;
  /** IANA time zone; the person's "today" for CI1 is the clock's date here. */
  readonly timeZone: string;
  readonly title: string;
  readonly location: string;
  readonly administrator: boolean;
  readonly kind: 'human' | 'agent';
  /** PT1: the profile bio as production answers it, HTML; null when the person wrote none. */
  readonly bio: string | null;
  readonly teamIds: readonly Uuid[];
  readonly absences: readonly Absence[];
  /** G9: one read-write and one read-only token per person. */
  readonly tokens: { readonly readWrite: string; readonly readOnly: string };
  readonly createdAt: EpochSeconds;
  readonly updatedAt: EpochSeconds;
}

export interface Team {
  readonly id: Uuid;
  readonly name: string;
  /** PT2, CI1: the weekdays on which the team's members get a check-in. */
  readonly checkInDays: readonly Weekday[];
}

export interface Goal {
  readonly id: Uuid;
  readonly title: string;
  readonly description: string | null;
  readonly startDate: IsoDate | null;
  readonly endDate: IsoDate | null;
  readonly updateCadence: UpdateCadence;
  readonly ownerId: Uuid;
  readonly parentId: Uuid | null;
  readonly private: boolean;
  readonly archived: boolean;
  readonly contributorIds: readonly Uuid[];
  readonly teamIds: readonly Uuid[];
  readonly createdAt: EpochSeconds;
  readonly updatedAt: EpochSeconds;
  /** Creation order, to break ties within one second. */
  readonly seq: number;
}

export interface GoalUpdate {
  readonly id: Uuid;
  readonly goalId: Uuid;
  readonly personId: Uuid;
  readonly title: string;
  readonly body: string;
  readonly progress: number;
  /** Always one of 30, 60, 90 once saved (GU2). */
  readonly confidence: 30 | 60 | 90;
  readonly createdAt: EpochSeconds;
  readonly updatedAt: EpochSeconds;
  /** Creation order: within one second, the one created last is the newer (GO4, GU7). */
  readonly seq: number;
}

export interface CheckIn {
  readonly id: Uuid;
  readonly personId: Uuid;
  readonly date: IsoDate;
  readonly teamIds: readonly Uuid[];
  readonly previous: string | null;
  readonly intentions: string | null;
  readonly blockers: string | null;
  readonly mood: Mood | null;
  readonly previousCompleted: boolean | null;
  readonly absent: boolean;
  readonly completedAt: EpochSeconds | null;
  readonly updatedAt: EpochSeconds;
}

export interface EchoQuestion {
  readonly id: Uuid;
  readonly creatorId: Uuid;
  readonly prompt: string;
  readonly title: string;
  readonly answerFrequency: AnswerFrequency;
  readonly answerDay: Weekday;
  /** `HH:MM`, 24-hour. */
  readonly answerTime: string;
  readonly answerTimeZone: string;
  readonly pausedAt: EpochSeconds | null;
  /** EC4: answers have been published for every slot up to and including this instant. */
  readonly publishedThrough: EpochSeconds;
  readonly createdAt: EpochSeconds;
  readonly updatedAt: EpochSeconds;
  readonly seq: number;
}

export interface EchoAnswer {
  readonly id: Uuid;
  readonly questionId: Uuid;
  readonly title: string;
  readonly body: string | null;
  readonly publishedAt: EpochSeconds;
  readonly seq: number;
}

export interface Comment {
  readonly id: Uuid;
  readonly resourceType: CommentableType;
  readonly resourceId: Uuid;
  readonly personId: Uuid;
  readonly body: string;
  readonly createdAt: EpochSeconds;
  readonly updatedAt: EpochSeconds;
  readonly seq: number;
}

export interface Reaction {
  readonly id: Uuid;
  readonly resourceType: CommentableType;
  readonly resourceId: Uuid;
  readonly personId: Uuid;
  readonly name: ReactionName;
  readonly createdAt: EpochSeconds;
  readonly seq: number;
}

export interface Activity {
  readonly id: Uuid;
  readonly kind: ActivityKind;
  readonly group: string;
  readonly title: string;
  readonly description: string;
  readonly url: string | null;
  readonly personId: Uuid;
  readonly recordedAt: EpochSeconds;
  readonly seq: number;
}

/** LW8: what a team's tool reports of a person's work (a pull request, a ticket, a meeting, a deploy). */
export type ActivityDraft = Pick<Activity, 'kind' | 'group' | 'title' | 'description' | 'url'>;
