// One explorer step as plain data (issue 37): its kind and the picks and values it was drawn with, so that a shrunk
// failure prints, saves and replays as written; and the kinds of every file of steps.

/** One step as data: its kind and the picks and values it was drawn with. */
export interface ExploreStep {
  kind: StepKind;
  /** Which live goal (or update, or comment): an index taken modulo how many there are. */
  pick?: number;
  progress?: number;
  confidence?: number;
  archived?: boolean;
  word?: string;
  endDate?: string | null;
  refusal?: number;
  perPage?: number;
  /** createGoal: a start date (AI3 counts the cadence from it). */
  startDate?: string;
  /** patchCheckIn: the answers sent (undefined: left out). */
  blockers?: string | null;
  previous?: string | null;
  /** patchCheckIn: addressed by its date (CI6) rather than its id. */
  byDate?: boolean;
  /** filterMyCheckIns: the blocked filter sent (CI5). */
  blocked?: boolean;
  /** react: the reaction's name (CR2), and whether the same name is given again at once. */
  name?: string;
  again?: boolean;
  /** createEcho, patchEcho: a frequency (EC1). */
  frequency?: string;
  /**
   * postUpdate: how its body names the caller (DG2): `me` mentions them; `longer` is the start of a longer
   * username and `inWord` sits inside a word, neither of which mentions them; undefined names nobody.
   */
  mention?: 'me' | 'longer' | 'inWord';
  /** collectActivity: the email sent in upper case (WH1 matches it without regard to case). */
  upper?: boolean;
}

export type StepKind =
  GoalStepKind | CheckInStepKind | EchoStepKind | ReactionStepKind | ActivityStepKind | ReadOnlyStepKind;

export type GoalStepKind =
  | 'createGoal'
  | 'readGoal'
  | 'readDeletedGoal'
  | 'patchGoal'
  | 'refusedGoalPatch'
  | 'deleteGoal'
  | 'listGoals'
  | 'postUpdate'
  | 'refusedUpdate'
  | 'patchUpdate'
  | 'deleteUpdate'
  | 'listUpdates'
  | 'postComment'
  | 'deleteComment';

export type CheckInStepKind =
  'readMyCheckIns' | 'patchCheckIn' | 'readCheckIn' | 'filterMyCheckIns' | 'listTeamCheckIns' | 'listActionItems';

export type EchoStepKind =
  'createEcho' | 'patchEcho' | 'deleteEcho' | 'postEchoAnswer' | 'patchEchoAnswer' | 'listEchoes' | 'listDigest';

export type ReactionStepKind = 'react' | 'reactAgain' | 'unreact';

export type ActivityStepKind = 'collectActivity' | 'postActivity';

export type ReadOnlyStepKind = 'pageWorld' | 'readListedGoal' | 'rereadWorld' | 'checkInOrder';
