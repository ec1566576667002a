// Presentation: domain records → the response shapes of spec/openapi.yaml (GO3 object forms, G3 instants, G10 urls,
// G11 types). The domain hands out records; only HTTP knows their wire shapes, each declared as the spec's
// generated schema, so a field the spec renames, adds or drops fails the typecheck here.
import { worldAccount } from '../../fixtures/world-account.js';
import type { ActionItem } from '../domain/action-items.js';
import { formatInstant } from '../domain/calendar.js';
import { isBlocked } from '../domain/check-ins.js';
import { confidenceDescription } from '../domain/confidence.js';
import { nextAnswerAt } from '../domain/echo-schedule.js';
import { canSeeGoal } from '../domain/goal-visibility.js';
import { REACTION_EMOJI } from '../domain/records.js';
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
} from '../domain/records.js';
import type { World } from '../domain/world.js';
import type { ApiSchema } from '../types/wire.js';

/** G10: the default base of `url` fields, a web application that does not exist. */
export const DEFAULT_APP_URL = 'https://app.standin.test';

/**
 * G10: whether `text` can be the base of `url` fields: an http(s) URL with a host and perhaps a path, without
 * a query, a fragment or white space. On anything else every url built on it breaks the spec's AppUrl shape.
 * @example isAppUrl('https://app.example.com/web') // true; isAppUrl('notaurl') // false
 */
export function isAppUrl(text: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

/** G10: the web-app page kinds of `url` fields. */
export type UrlKind = 'goals' | 'goal_updates' | 'check-ins' | 'echo/questions' | 'echo/answers' | 'people';

/**
 * One per mock: the records of any of its worlds in their wire shapes, `url` fields on the mock's `app_url`.
 * @example ok(present.goal(world, goal, actor))
 */
export class Presenter {
  readonly #appUrl: string;

  /** G10: `appUrl` is the web application's base, a trailing slash or not; anything but a URL is refused. */
  constructor(appUrl: string) {
    if (!isAppUrl(appUrl))
      throw new RangeError(
        `standin: appUrl must be an http(s) URL such as ${DEFAULT_APP_URL} (the base of every url field, G10), got "${appUrl}"`,
      );
    this.#appUrl = appUrl.replace(/\/+$/, '');
  }

  /** G10: `{app_url}/<kind>/<id>`. */
  url(kind: UrlKind, id: Uuid): string {
    return `${this.#appUrl}/${kind}/${id}`;
  }

  /** AI1: the record's edit link, `{app_url}/check-ins/<id>/edit` or `{app_url}/goals/<id>/edit`. */
  editUrl(kind: 'check-ins' | 'goals', id: Uuid): string {
    return `${this.url(kind, id)}/edit`;
  }

  personRef(world: World, id: Uuid): ApiSchema<'PersonRef'> {
    return { id, name: world.store.people.get(id)?.name ?? '' };
  }

  teamRef(world: World, id: Uuid): ApiSchema<'TeamRef'> {
    return { id, name: world.store.teams.get(id)?.name ?? '' };
  }

  /** PT1 */
  person(world: World, person: Person): ApiSchema<'Person'> {
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
      bio: person.bio,
      // PT1: the world's one account, made once per seed (fixtures/world-account.ts): this runs for every person
      // of every /people page.
      account: worldAccount(world.seed),
      teams: person.teamIds.map((id) => this.teamRef(world, id)),
      url: this.url('people', person.id),
      created_at: formatInstant(person.createdAt),
      updated_at: formatInstant(person.updatedAt),
    };
  }

  /** PT2 */
  team(team: Team): ApiSchema<'Team'> {
    return { id: team.id, name: team.name, check_in_days: [...team.checkInDays] };
  }

  teamDetail(world: World, team: Team): ApiSchema<'TeamDetail'> {
    const members = world.store.membersByTeam.get(team.id) ?? [];
    return { ...this.team(team), people: members.map((p) => ({ id: p.id, name: p.name })) };
  }

  /**
   * GO3 object forms only; GO4 progress and confidence from the latest update, GO5 label.
   * GO7: a parent the viewer cannot see does not exist for them, so it shows as null.
   */
  goal(world: World, goal: Goal, viewer: Person): ApiSchema<'Goal'> {
    const latest = world.store.latestUpdateOf(goal.id);
    const confidence = latest ? latest.confidence : 100;
    const parentRecord = goal.parentId ? world.store.goals.get(goal.parentId) : undefined;
    const parent = parentRecord && canSeeGoal(parentRecord, viewer) ? parentRecord : undefined;
    return {
      type: 'goal' as const,
      id: goal.id,
      title: goal.title,
      description: goal.description,
      start_date: goal.startDate,
      end_date: goal.endDate,
      update_cadence: goal.updateCadence,
      owner: this.personRef(world, goal.ownerId),
      parent: parent ? { id: parent.id, title: parent.title } : null,
      private: goal.private,
      archived: goal.archived,
      progress: latest ? latest.progress : 0,
      confidence,
      confidence_description: confidenceDescription(confidence),
      contributors: goal.contributorIds.map((id) => this.personRef(world, id)),
      teams: goal.teamIds.map((id) => this.teamRef(world, id)),
      url: this.url('goals', goal.id),
    };
  }

  goalUpdate(world: World, update: GoalUpdate): ApiSchema<'GoalUpdate'> {
    const goal = world.store.goals.get(update.goalId);
    return {
      type: 'goal-update' as const,
      id: update.id,
      goal: { id: update.goalId, title: goal?.title ?? '' },
      person: this.personRef(world, update.personId),
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
  checkIn(world: World, checkIn: CheckIn): ApiSchema<'CheckIn'> {
    return {
      type: 'check-in' as const,
      id: checkIn.id,
      date: checkIn.date,
      person: this.personRef(world, checkIn.personId),
      teams: checkIn.teamIds.map((id) => this.teamRef(world, id)),
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

  /** EC2, EC3: `next_answer_at` is computed from the world's clock; null while paused. No `type` (G11). */
  echoQuestion(world: World, question: EchoQuestion, now: EpochSeconds = world.now()): ApiSchema<'EchoQuestion'> {
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

  echoAnswer(world: World, answer: EchoAnswer): ApiSchema<'EchoAnswer'> {
    const question = world.store.echoQuestions.get(answer.questionId);
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

  comment(world: World, comment: Comment): ApiSchema<'Comment'> {
    return {
      type: 'comment' as const,
      id: comment.id,
      body: comment.body,
      person: this.personRef(world, comment.personId),
      resource: { type: comment.resourceType, id: comment.resourceId },
      created_at: formatInstant(comment.createdAt),
      updated_at: formatInstant(comment.updatedAt),
    };
  }

  /** CR2 (prod): `{id, name, emoji, person, resource, created_at}`. */
  reaction(world: World, reaction: Reaction): ApiSchema<'Reaction'> {
    return {
      id: reaction.id,
      name: reaction.name,
      emoji: REACTION_EMOJI[reaction.name],
      person: this.personRef(world, reaction.personId),
      resource: { type: reaction.resourceType, id: reaction.resourceId },
      created_at: formatInstant(reaction.createdAt),
    };
  }

  /** AI1: a check-in to fill in (AI2) with its teams, or a goal that needs an update (AI3). */
  actionItem(world: World, item: ActionItem): ApiSchema<'ActionItem'> {
    const common = { id: item.id, type: 'action-item' as const, due_on: item.dueOn };
    if (item.kind === 'check-in') {
      const { checkIn } = item;
      return {
        ...common,
        kind: 'check-in',
        title: `Fill in your check-in for ${checkIn.date}`,
        url: this.editUrl('check-ins', checkIn.id),
        resource: { type: 'check-in', id: checkIn.id },
        teams: checkIn.teamIds.map((id) => this.teamRef(world, id)),
      };
    }
    return {
      ...common,
      kind: 'goal-update',
      title: `Post an update on ${item.goal.title}`,
      url: this.editUrl('goals', item.goal.id),
      resource: { type: 'goal', id: item.goal.id },
      teams: [],
    };
  }

  /** AC1 (prod) */
  activity(world: World, activity: Activity): ApiSchema<'Activity'> {
    return {
      id: activity.id,
      kind: activity.kind,
      group: activity.group,
      title: activity.title,
      description: activity.description,
      url: activity.url,
      recorded_at: formatInstant(activity.recordedAt),
      person: this.personRef(world, activity.personId),
    };
  }
}
