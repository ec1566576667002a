// Owns turning an organisation read through the API (anonymised first, anonymise.ts) into a world's records in the
// store's shapes (src/domain/records.ts): the wire's object references back to ids, instants to epoch seconds,
// what the wire does not show supplied (tokens, creation order, a goal's creation instant, an Echo's creator,
// teams' check-in weekdays when the source omits them), and records whose relations point outside what was read
// left out and counted, so that the world holds together (world-integrity.ts). Deterministic: the same
// organisation and key give the same records, in id order.
import { createHmac } from 'node:crypto';
import { parseInstant, weekdayOf } from '../domain/calendar.js';
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
  Weekday,
} from '../domain/records.js';
import { WEEKDAYS } from '../domain/records.js';
import type { WorldContents } from '../domain/world-base.js';
import type { SourceOrg } from './source-org.js';

/** What was left out, per kind, because a record it needs was not read (a private goal's update, say). */
type LeftOut = Partial<Record<keyof WorldContents, number>>;

export interface OrgRecords {
  contents: WorldContents;
  leftOut: LeftOut;
}

/** The seed an imported world runs on: what it makes from now on (ids, Echo answers) is a function of it (MK3). */
export const IMPORTED_SEED = 0;

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const seconds = (text: string) => parseInstant(text);

/**
 * G9: a person's two tokens, keyed by the import's salt: unguessable without it, the same for the same salt.
 * @example tokensOf('salt', id).readWrite // 'rw_3f…' (24 hex characters)
 */
export function tokensOf(key: string | Buffer, personId: string): Person['tokens'] {
  const hex = (kind: string) =>
    createHmac('sha256', key).update(`standin-import-token:${personId}:${kind}`).digest('hex').slice(0, 24);
  return { readWrite: `rw_${hex('read-write')}`, readOnly: `ro_${hex('read-only')}` };
}

/** Numbers records in the order they were made (instant, then id): the store breaks ties within a second by it. */
function inOrder<T extends { id: string }>(records: T[], made: (record: T) => EpochSeconds): Map<string, number> {
  const sorted = [...records].sort((a, b) => made(a) - made(b) || byId(a, b));
  return new Map(sorted.map((record, i) => [record.id, i + 1]));
}

/**
 * CI1: the weekdays a team checks in on, when the source does not say: the weekdays on which its members' check-ins
 * fall, each counted where it holds at least a tenth of them (a stray make-up day is not a schedule); Monday to
 * Friday when there are none.
 */
function inferredDays(teamId: string, checkIns: SourceOrg['checkIns']): Weekday[] {
  const counts = new Map<Weekday, number>();
  let total = 0;
  for (const checkIn of checkIns) {
    if (!checkIn.teams.some((team) => team.id === teamId)) continue;
    const day = weekdayOf(checkIn.date);
    counts.set(day, (counts.get(day) ?? 0) + 1);
    total++;
  }
  if (total === 0) return ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
  return WEEKDAYS.filter((day) => (counts.get(day) ?? 0) * 10 >= total);
}

/**
 * The world's records of an organisation, with what had to be left out. `key` makes the people's tokens.
 * @example const { contents, leftOut } = orgRecords(anonymised, salt)
 */
export function orgRecords(org: SourceOrg, key: string | Buffer): OrgRecords {
  const leftOut: LeftOut = {};
  const drop = (kind: keyof WorldContents) => (leftOut[kind] = (leftOut[kind] ?? 0) + 1);

  // Every instant the organisation shows: the world is generated at the latest of them. The default window's end
  // is one (the newest record seen before the dated lists were read), so the world's clock is never before the
  // window it was read for, even when the record it came from is left out below.
  let latest = 0;
  const seen = (text: string | null | undefined) => {
    if (text) latest = Math.max(latest, seconds(text));
  };
  seen(org.source.window.through);

  const teamIds = new Set(org.teams.map((t) => t.id));
  const teams: Team[] = org.teams
    .map((team) => ({
      id: team.id,
      name: team.name,
      checkInDays: team.check_in_days?.length ? [...team.check_in_days] : inferredDays(team.id, org.checkIns),
    }))
    .sort(byId);

  // A person's teams: the wire's `teams` of the person, and the team details' members say the same.
  const membership = new Map<string, string[]>();
  for (const team of org.teams)
    for (const member of team.people) membership.set(member.id, [...(membership.get(member.id) ?? []), team.id]);
  // The person who read it is the world's default person (and every Echo's creator): listed by GET /me even when
  // /people leaves them out (a token that may list nobody, a list read short), or the world did not hold together.
  const listed = org.people.some((p) => p.id === org.me.id) ? org.people : [...org.people, org.me];
  const people: Person[] = listed
    .map((person) => {
      seen(person.created_at);
      seen(person.updated_at);
      // In the wire's order (a person's home team first), then any team whose members list them besides.
      const own = [...person.teams.map((t) => t.id), ...(membership.get(person.id) ?? [])].filter((id) =>
        teamIds.has(id),
      );
      return {
        id: person.id,
        name: person.name,
        username: person.username,
        email: person.email,
        timeZone: person.time_zone,
        title: person.title,
        location: person.location,
        administrator: person.administrator,
        kind: person.kind,
        bio: person.bio,
        teamIds: [...new Set(own)],
        absences: [],
        tokens: tokensOf(key, person.id),
        createdAt: seconds(person.created_at),
        updatedAt: seconds(person.updated_at),
      };
    })
    .sort(byId);
  const personIds = new Set(people.map((p) => p.id));

  // The goals kept: those whose owner was read. A parent left out (or never read) leaves its children at the top of
  // the tree; measured against every goal read, a child kept the id of a parent whose owner /people did not list
  // (someone who left), and the world did not hold together (exit 2).
  const goalIds = new Set(org.goals.filter((g) => personIds.has(g.owner.id)).map((g) => g.id));
  const updatesOf = new Map<string, SourceOrg['goalUpdates']>();
  for (const update of org.goalUpdates)
    updatesOf.set(update.goal.id, [...(updatesOf.get(update.goal.id) ?? []), update]);
  const goalMade = (goal: SourceOrg['goals'][number]): EpochSeconds => {
    // The wire shows no creation instant: the first update's, else the start date's morning, else the read's.
    const updates = updatesOf.get(goal.id) ?? [];
    const first = Math.min(...updates.map((u) => seconds(u.created_at)));
    if (Number.isFinite(first)) return first;
    return goal.start_date ? seconds(`${goal.start_date}T09:00:00Z`) : 0;
  };
  const goalSeq = inOrder(org.goals, goalMade);
  const goals: Goal[] = [];
  for (const goal of org.goals) {
    if (!personIds.has(goal.owner.id)) {
      drop('goals');
      continue;
    }
    const made = goalMade(goal);
    const lastUpdate = Math.max(made, ...(updatesOf.get(goal.id) ?? []).map((u) => seconds(u.updated_at)));
    goals.push({
      id: goal.id,
      title: goal.title,
      description: goal.description,
      startDate: goal.start_date,
      endDate: goal.end_date,
      updateCadence: goal.update_cadence,
      ownerId: goal.owner.id,
      // A parent not read (private to someone else) leaves the goal at the top of the tree.
      parentId: goal.parent && goalIds.has(goal.parent.id) ? goal.parent.id : null,
      private: goal.private,
      archived: goal.archived,
      contributorIds: goal.contributors.map((c) => c.id).filter((id) => personIds.has(id)),
      teamIds: goal.teams.map((t) => t.id).filter((id) => teamIds.has(id)),
      createdAt: made,
      updatedAt: lastUpdate,
      seq: goalSeq.get(goal.id)!,
    });
  }
  goals.sort(byId);
  const keptGoals = new Set(goals.map((g) => g.id));

  const updateSeq = inOrder(org.goalUpdates, (u) => seconds(u.created_at));
  const goalUpdates: GoalUpdate[] = [];
  for (const update of org.goalUpdates) {
    seen(update.created_at);
    seen(update.updated_at);
    if (!keptGoals.has(update.goal.id) || !personIds.has(update.person.id)) {
      drop('goalUpdates');
      continue;
    }
    goalUpdates.push({
      id: update.id,
      goalId: update.goal.id,
      personId: update.person.id,
      title: update.title,
      body: update.body,
      progress: update.progress,
      confidence: update.confidence,
      createdAt: seconds(update.created_at),
      updatedAt: seconds(update.updated_at),
      seq: updateSeq.get(update.id)!,
    });
  }
  goalUpdates.sort(byId);

  const checkIns: CheckIn[] = [];
  for (const checkIn of org.checkIns) {
    seen(checkIn.completed_at);
    seen(checkIn.updated_at);
    if (!personIds.has(checkIn.person.id)) {
      drop('checkIns');
      continue;
    }
    checkIns.push({
      id: checkIn.id,
      personId: checkIn.person.id,
      date: checkIn.date,
      teamIds: checkIn.teams.map((t) => t.id).filter((id) => teamIds.has(id)),
      previous: checkIn.previous,
      intentions: checkIn.intentions,
      blockers: checkIn.blockers,
      mood: checkIn.mood,
      previousCompleted: checkIn.previous_completed,
      absent: checkIn.absent,
      completedAt: checkIn.completed_at === null ? null : seconds(checkIn.completed_at),
      updatedAt: seconds(checkIn.updated_at),
    });
  }
  checkIns.sort(byId);

  const answersOf = new Map<string, SourceOrg['echoAnswers']>();
  for (const answer of org.echoAnswers)
    answersOf.set(answer.question.id, [...(answersOf.get(answer.question.id) ?? []), answer]);
  const questionSeq = inOrder(org.echoQuestions, (q) => seconds(q.created_at));
  const echoQuestions: EchoQuestion[] = org.echoQuestions
    .map((question) => {
      seen(question.created_at);
      seen(question.updated_at);
      const answered = (answersOf.get(question.id) ?? []).map((a) => seconds(a.published_at));
      return {
        id: question.id,
        // The wire names no creator: the person whose token read the organisation stands for them (EC7).
        creatorId: org.me.id,
        prompt: question.prompt,
        title: question.title,
        answerFrequency: question.answer_frequency,
        answerDay: question.answer_day,
        answerTime: question.answer_time,
        answerTimeZone: question.answer_time_zone,
        pausedAt: question.paused_at === null ? null : seconds(question.paused_at),
        // EC4: every slot up to the latest answer read is published; the base publishes none of its own.
        publishedThrough: Math.max(seconds(question.created_at), ...answered),
        createdAt: seconds(question.created_at),
        updatedAt: seconds(question.updated_at),
        seq: questionSeq.get(question.id)!,
      };
    })
    .sort(byId);
  const questionIds = new Set(echoQuestions.map((q) => q.id));

  const answerSeq = inOrder(org.echoAnswers, (a) => seconds(a.published_at));
  const echoAnswers: EchoAnswer[] = [];
  for (const answer of org.echoAnswers) {
    seen(answer.published_at);
    if (!questionIds.has(answer.question.id)) {
      drop('echoAnswers');
      continue;
    }
    echoAnswers.push({
      id: answer.id,
      questionId: answer.question.id,
      title: answer.title,
      body: answer.body,
      publishedAt: seconds(answer.published_at),
      seq: answerSeq.get(answer.id)!,
    });
  }
  echoAnswers.sort(byId);

  const activitySeq = inOrder(org.activities, (a) => seconds(a.recorded_at));
  const activities: Activity[] = [];
  for (const activity of org.activities) {
    seen(activity.recorded_at);
    if (!personIds.has(activity.person.id)) {
      drop('activities');
      continue;
    }
    activities.push({
      id: activity.id,
      kind: activity.kind,
      group: activity.group,
      title: activity.title,
      description: activity.description,
      url: activity.url,
      personId: activity.person.id,
      recordedAt: seconds(activity.recorded_at),
      seq: activitySeq.get(activity.id)!,
    });
  }
  activities.sort(byId);

  // CR1, CR2: comments and reactions on a check-in or goal update that was read.
  const commentable = new Set([...checkIns.map((c) => c.id), ...goalUpdates.map((u) => u.id)]);
  const commentSeq = inOrder(org.comments, (c) => seconds(c.created_at));
  const comments: Comment[] = [];
  for (const comment of org.comments) {
    seen(comment.created_at);
    seen(comment.updated_at);
    if (!commentable.has(comment.resource.id) || !personIds.has(comment.person.id)) {
      drop('comments');
      continue;
    }
    comments.push({
      id: comment.id,
      resourceType: comment.resource.type,
      resourceId: comment.resource.id,
      personId: comment.person.id,
      body: comment.body,
      createdAt: seconds(comment.created_at),
      updatedAt: seconds(comment.updated_at),
      seq: commentSeq.get(comment.id)!,
    });
  }
  comments.sort(byId);
  const reactionSeq = inOrder(org.reactions, (r) => seconds(r.created_at));
  const reactions: Reaction[] = [];
  for (const reaction of org.reactions) {
    seen(reaction.created_at);
    if (!commentable.has(reaction.resource.id) || !personIds.has(reaction.person.id)) {
      drop('reactions');
      continue;
    }
    reactions.push({
      id: reaction.id,
      resourceType: reaction.resource.type,
      resourceId: reaction.resource.id,
      personId: reaction.person.id,
      name: reaction.name,
      createdAt: seconds(reaction.created_at),
      seq: reactionSeq.get(reaction.id)!,
    });
  }
  reactions.sort(byId);

  // Goals with neither an update nor a start date were made when the organisation was read.
  const generatedAt = Math.max(latest, ...goals.map((g) => g.createdAt));
  for (const [i, goal] of goals.entries())
    if (goal.createdAt === 0) goals[i] = { ...goal, createdAt: generatedAt, updatedAt: generatedAt };

  return {
    contents: {
      seed: IMPORTED_SEED,
      size: 'small',
      generatedAt,
      historyStart: org.source.window.since,
      defaultPersonId: org.me.id,
      people,
      teams,
      goals,
      goalUpdates,
      checkIns,
      echoQuestions,
      echoAnswers,
      comments,
      reactions,
      activities,
    },
    leftOut,
  };
}
