// The explorer's own model of the rules (issue 37): what a server must answer after any sequence of the run's
// writes, written from the behaviour rules and never from standin's domain code (a checker that borrowed the
// implementation would agree with its mistakes). It holds only the records the run created; what it cannot
// predict (ids, instants) it takes from the server's answers.

/** GU2: confidence is snapped on every save to the nearest of 30, 60 and 90. */
export function snapConfidence(value: number): number {
  if (value < 45) return 30;
  if (value < 75) return 60;
  return 90;
}

/** GO5: the label of a (snapped) confidence; a goal without updates has 100, "On track" (GO4). */
export function confidenceLabel(confidence: number): string {
  if (confidence <= 30) return 'Off track';
  if (confidence <= 60) return 'At risk';
  return 'On track';
}

interface ModelComment {
  id: string;
  /** Order of creation within the run: newest first is the greatest (CR1); 0 for one listed before the run. */
  seq: number;
  /**
   * The author of a comment already on a check-in when the run first read its thread (the world's, which the run
   * never deletes); undefined for the run's own.
   */
  before?: string;
}

export interface ModelUpdate {
  id: string;
  progress: number;
  confidence: number;
  seq: number;
  comments: ModelComment[];
  /** The caller's reactions on it (CR2: one per person and name). */
  reactions: ModelReaction[];
  /** DG2: its body @mentions the caller, so it lands in their digest (their own update otherwise does not). */
  mentionsMe: boolean;
}

interface ModelReaction {
  id: string;
  name: string;
  seq: number;
  /** As ModelComment's: who reacted, for a reaction listed before the run first read the check-in's thread. */
  before?: string;
}

/**
 * A record comments and reactions sit on (CR1, CR2): one of the run's goal updates, or a check-in whose thread a
 * step read. Its lists, newest first, are the run's own (greatest seq first) and then those listed before.
 */
export interface ModelThread {
  /** `/goal-updates/{id}` or `/check-ins/{id}`: the lists are this path's `/comments` and `/reactions`. */
  path: string;
  comments: ModelComment[];
  /** Every listed reaction: the caller's (CR2: one per name) and, on a check-in, others' listed before. */
  reactions: ModelReaction[];
}

/** A check-in whose thread a step read: the caller's own (DG2: comments on it land in their digest) or another's. */
export interface ModelCheckInThread extends ModelThread {
  id: string;
  /** The caller's, a teammate's (sharing a team with them that day), or someone's outside their teams. */
  whose: 'own' | 'teammate' | 'outside';
}

/** CI3's answer fields: a check-in is completed by the first PATCH that leaves one of them non-null. */
export const CHECK_IN_ANSWERS = ['previous', 'intentions', 'blockers', 'mood', 'previous_completed'] as const;

/** One of the caller's own check-ins, as first read in the sequence and then as the run's PATCHes left it. */
export interface ModelCheckIn {
  id: string;
  date: string;
  answers: Record<(typeof CHECK_IN_ANSWERS)[number], unknown>;
  completedAt: string | null;
  updatedAt: string;
}

interface ModelEchoAnswer {
  id: string;
  body: string;
  seq: number;
}

/** An Echo the run created (EC1's fields as given or defaulted), with the answers the run posted on it. */
export interface ModelEcho {
  id: string;
  prompt: string;
  title: string;
  answer_frequency: string;
  answer_day: string;
  answer_time: string;
  answers: ModelEchoAnswer[];
}

export interface ModelGoal {
  id: string;
  title: string;
  archived: boolean;
  endDate: string | null;
  /** As given on create (AI3 counts a goal's cadence from it, or from its creation without one). */
  startDate: string | null;
  /** Live updates; a deleted one leaves the list (GU5 then recomputes the goal's figures). */
  updates: ModelUpdate[];
}

/** The figures GO4 gives a goal: its latest update's, or 0, 100 and "On track" with none. */
export interface GoalFigures {
  progress: number;
  confidence: number;
  confidence_description: string;
}

export class ExploreModel {
  /** Live goals the run created, in creation order. */
  readonly goals: ModelGoal[] = [];
  /** Ids the run created and then deleted: they must answer 404 and be listed nowhere (GO8). */
  readonly deletedGoals: string[] = [];
  readonly deletedUpdates: string[] = [];
  readonly deletedComments: string[] = [];
  /** The caller's own check-ins, once a step has read them; null before (and always without leave to PATCH). */
  checkIns: ModelCheckIn[] | null = null;
  readonly echoes: ModelEcho[] = [];
  readonly deletedEchoes: string[] = [];
  readonly deletedEchoAnswers: string[] = [];
  /** Check-ins whose comments and reactions a step read first, so that their lists are known (CR1, CR2). */
  readonly checkInThreads: ModelCheckInThread[] = [];
  /** The first page of GET /people, once the activity step read it (WH1 names one of them by email). */
  people: Array<{ id: string; email: string }> | null = null;
  /** The server's earliest instant this sequence saw on a record it made: DG1's `since` for the run's entries. */
  earliest: string | null = null;
  #seq = 0;

  constructor(
    /** Whether the run may PATCH the caller's own check-ins: a standin session of its own, or --modify-existing. */
    readonly mayModifyCheckIns = false,
  ) {}

  /** Notes an instant the server stamped on one of the run's records. */
  saw(instant: string): void {
    if (this.earliest === null || instant < this.earliest) this.earliest = instant;
  }

  next(): number {
    return ++this.#seq;
  }

  /** GO4: the latest live update (created last: the run's updates are made one after another). */
  latest(goal: ModelGoal): ModelUpdate | undefined {
    return goal.updates.reduce<ModelUpdate | undefined>((a, u) => (!a || u.seq > a.seq ? u : a), undefined);
  }

  figures(goal: ModelGoal): GoalFigures {
    const latest = this.latest(goal);
    if (!latest) return { progress: 0, confidence: 100, confidence_description: 'On track' };
    return {
      progress: latest.progress,
      confidence: latest.confidence,
      confidence_description: confidenceLabel(latest.confidence),
    };
  }

  /** GU3: what a new update saves for the fields it omits (and GU2's snap for those it gives). */
  newUpdate(
    goal: ModelGoal,
    given: { progress?: number; confidence?: number },
  ): { progress: number; confidence: number } {
    const latest = this.latest(goal);
    return {
      progress: given.progress ?? latest?.progress ?? 1,
      confidence: snapConfidence(given.confidence ?? latest?.confidence ?? 100),
    };
  }

  /**
   * GO6: the goals `GET /goals?goal_ids[]=…` lists (archived ones too, as goal_ids[] is given): end_date
   * ascending with no end date last, then title, then id.
   */
  listed(): ModelGoal[] {
    return [...this.goals].sort(
      (a, b) => compareEnd(a.endDate, b.endDate) || compareText(a.title, b.title) || compareText(a.id, b.id),
    );
  }

  /** Every goal id the run made, live or deleted: what the explorer's list asks for. */
  allGoalIds(): string[] {
    return [...this.goals.map((g) => g.id), ...this.deletedGoals];
  }

  removeGoal(goal: ModelGoal): void {
    this.goals.splice(this.goals.indexOf(goal), 1);
    this.deletedGoals.push(goal.id);
    // GO8: its updates go too, with their comments.
    for (const update of goal.updates) {
      this.deletedUpdates.push(update.id);
      this.deletedComments.push(...update.comments.map((c) => c.id));
    }
  }

  removeUpdate(goal: ModelGoal, update: ModelUpdate): void {
    goal.updates.splice(goal.updates.indexOf(update), 1);
    this.deletedUpdates.push(update.id);
    this.deletedComments.push(...update.comments.map((c) => c.id));
  }

  /** Every thread comments and reactions may go to: the live updates', then the check-ins' read. */
  threads(): ModelThread[] {
    return [
      ...this.updates().map(({ update }) => ({
        path: `/goal-updates/${update.id}`,
        comments: update.comments,
        reactions: update.reactions,
      })),
      ...this.checkInThreads,
    ];
  }

  /** Live updates of every goal, with their goal: what update commands pick from. */
  updates(): Array<{ goal: ModelGoal; update: ModelUpdate }> {
    return this.goals.flatMap((goal) => goal.updates.map((update) => ({ goal, update })));
  }
}

function compareEnd(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** Titles and ids compare by code unit, as the rules' orders do (no locale). */
function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
