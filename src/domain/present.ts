// Presentation: records → the response shapes of spec/openapi.yaml (GO3 object forms, G3 instants, G10 urls, G11 types).
import { formatInstant } from './calendar.js';
import { confidenceDescription } from './confidence.js';
import { REACTION_EMOJI } from './records.js';
import type {
  Activity,
  CheckIn,
  Comment,
  EchoAnswer,
  EchoQuestion,
  EpochSeconds,
  Goal,
  GoalUpdate,
  Person,
  Reaction,
  Team,
  Uuid,
} from './records.js';
import type { Store } from './store.js';
import { nextAnswerAt } from './echo-schedule.js';
import { canSeeGoal } from './goal-visibility.js';

/** G10: the web-app page kinds of `url` fields. */
export type UrlKind = 'goals' | 'goal_updates' | 'check-ins' | 'echo/questions' | 'echo/answers' | 'people';

export class Presenter {
  constructor(
    private readonly store: Store,
    private readonly appUrl: string,
  ) {}

  /** G10: `{app_url}/<kind>/<id>`. */
  url(kind: UrlKind, id: Uuid): string {
    return `${this.appUrl}/${kind}/${id}`;
  }

  personRef(id: Uuid) {
    return { id, name: this.store.people.get(id)?.name ?? '' };
  }

  teamRef(id: Uuid) {
    return { id, name: this.store.teams.get(id)?.name ?? '' };
  }

  /** PT1 */
  person(person: Person) {
    return {
      id: person.id,
      name: person.name,
      username: person.username,
      email: person.email,
      time_zone: person.timeZone,
      title: person.title,
      location: person.location,
      administrator: person.administrator,
      kind: person.kind,
      teams: person.teamIds.map((id) => this.teamRef(id)),
      url: this.url('people', person.id),
      created_at: formatInstant(person.createdAt),
      updated_at: formatInstant(person.updatedAt),
    };
  }

  /** PT2 */
  team(team: Team) {
    return { id: team.id, name: team.name, check_in_days: [...team.checkInDays] };
  }

  teamDetail(team: Team) {
    const members = this.store.membersByTeam.get(team.id) ?? [];
    return { ...this.team(team), people: members.map((p) => ({ id: p.id, name: p.name })) };
  }

  /**
   * GO3 object forms only; GO4 progress and confidence from the latest update, GO5 label.
   * GO7: a parent the viewer cannot see does not exist for them, so it shows as null.
   */
  goal(goal: Goal, viewer: Person) {
    const latest = this.store.updatesOfGoal(goal.id)[0];
    const confidence = latest ? latest.confidence : 100;
    const parentRecord = goal.parentId ? this.store.goals.get(goal.parentId) : undefined;
    const parent = parentRecord && canSeeGoal(parentRecord, viewer) ? parentRecord : undefined;
    return {
      type: 'goal' as const,
      id: goal.id,
      title: goal.title,
      description: goal.description,
      start_date: goal.startDate,
      end_date: goal.endDate,
      update_cadence: goal.updateCadence,
      owner: this.personRef(goal.ownerId),
      parent: parent ? { id: parent.id, title: parent.title } : null,
      private: goal.private,
      archived: goal.archived,
      progress: latest ? latest.progress : 0,
      confidence,
      confidence_description: confidenceDescription(confidence),
      contributors: goal.contributorIds.map((id) => this.personRef(id)),
      teams: goal.teamIds.map((id) => this.teamRef(id)),
      url: this.url('goals', goal.id),
    };
  }

  goalUpdate(update: GoalUpdate) {
    const goal = this.store.goals.get(update.goalId);
    return {
      type: 'goal-update' as const,
      id: update.id,
      goal: { id: update.goalId, title: goal?.title ?? '' },
      person: this.personRef(update.personId),
      title: update.title,
      body: update.body,
      progress: update.progress,
      confidence: update.confidence,
      confidence_description: confidenceDescription(update.confidence),
      created_at: formatInstant(update.createdAt),
      updated_at: formatInstant(update.updatedAt),
      url: this.url('goal_updates', update.id),
    };
  }

  /** CI4: `blocked` is derived from `blockers`, never stored. */
  checkIn(checkIn: CheckIn) {
    return {
      type: 'check-in' as const,
      id: checkIn.id,
      date: checkIn.date,
      person: this.personRef(checkIn.personId),
      teams: checkIn.teamIds.map((id) => this.teamRef(id)),
      previous: checkIn.previous,
      intentions: checkIn.intentions,
      blockers: checkIn.blockers,
      mood: checkIn.mood,
      previous_completed: checkIn.previousCompleted,
      blocked: isBlocked(checkIn),
      absent: checkIn.absent,
      completed_at: checkIn.completedAt === null ? null : formatInstant(checkIn.completedAt),
      updated_at: formatInstant(checkIn.updatedAt),
      url: this.url('check-ins', checkIn.id),
    };
  }

  /** EC2, EC3: `next_answer_at` is computed from the clock; null while paused. No `type` (G11). */
  echoQuestion(question: EchoQuestion, now: EpochSeconds) {
    return {
      id: question.id,
      prompt: question.prompt,
      title: question.title,
      answer_frequency: question.answerFrequency,
      answer_day: question.answerDay,
      answer_time: question.answerTime,
      answer_time_zone: question.answerTimeZone,
      next_answer_at: question.pausedAt === null ? formatInstant(nextAnswerAt(question, now)) : null,
      paused_at: question.pausedAt === null ? null : formatInstant(question.pausedAt),
      created_at: formatInstant(question.createdAt),
      updated_at: formatInstant(question.updatedAt),
      url: this.url('echo/questions', question.id),
    };
  }

  echoAnswer(answer: EchoAnswer) {
    const question = this.store.echoQuestions.get(answer.questionId);
    return {
      type: 'echo-answer' as const,
      id: answer.id,
      question: { id: answer.questionId, title: question?.title ?? '' },
      title: answer.title,
      body: answer.body,
      published_at: formatInstant(answer.publishedAt),
      url: this.url('echo/answers', answer.id),
    };
  }

  comment(comment: Comment) {
    return {
      type: 'comment' as const,
      id: comment.id,
      body: comment.body,
      person: this.personRef(comment.personId),
      resource: { type: comment.resourceType, id: comment.resourceId },
      created_at: formatInstant(comment.createdAt),
      updated_at: formatInstant(comment.updatedAt),
    };
  }

  /** CR2 (prod): `{id, name, emoji, person, resource, created_at}`. */
  reaction(reaction: Reaction) {
    return {
      id: reaction.id,
      name: reaction.name,
      emoji: REACTION_EMOJI[reaction.name],
      person: this.personRef(reaction.personId),
      resource: { type: reaction.resourceType, id: reaction.resourceId },
      created_at: formatInstant(reaction.createdAt),
    };
  }

  /** AC1 (prod) */
  activity(activity: Activity) {
    return {
      id: activity.id,
      kind: activity.kind,
      group: activity.group,
      title: activity.title,
      description: activity.description,
      url: activity.url,
      recorded_at: formatInstant(activity.recordedAt),
      person: this.personRef(activity.personId),
    };
  }
}

/** CI4: blocked exactly when `blockers` holds non-whitespace text. */
export function isBlocked(checkIn: Pick<CheckIn, 'blockers'>): boolean {
  return checkIn.blockers !== null && checkIn.blockers.trim() !== '';
}
