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
import type { SourceKind, SourceOrg } from './source-org.js';

/** What was left out, per kind, because a record it needs was not read (a private goal's update, say). */
type LeftOut = Partial<Record<SourceKind, number>>;

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
 * What the builders of each kind share: what was left out, per kind (in the order first met, as the summary names
 * them), and the latest instant the organisation shows.
 */
class Tally {
  readonly leftOut: LeftOut = {};
  latest = 0;

  drop(kind: SourceKind): void {
    this.leftOut[kind] = (this.leftOut[kind] ?? 0) + 1;
  }

  seen(text: string | null | undefined): void {
    if (text) this.latest = Math.max(this.latest, seconds(text));
  }
}

/**
 * The records of one kind kept, in id order: each source record's instants seen (whether it is kept or not, the
 * world's clock is never before it), those `keep` refuses dropped and counted under `kind`.
 */
function keptOf<S, R extends { id: string }>(
  tally: Tally,
  kind: SourceKind,
  records: S[],
  rule: { instants: (record: S) => Array<string | null>; keep: (record: S) => boolean; build: (record: S) => R },
): R[] {
  const kept: R[] = [];
  for (const record of records) {
    for (const text of rule.instants(record)) tally.seen(text);
    if (rule.keep(record)) kept.push(rule.build(record));
    else tally.drop(kind);
  }
  return kept.sort(byId);
}

/** CI1: the teams, their check-in weekdays the source's or inferred from their members' check-ins. */
function teamsOf(org: SourceOrg): Team[] {
  return org.teams
    .map((team) => ({
      id: team.id,
      name: team.name,
      checkInDays: team.check_in_days?.length ? [...team.check_in_days] : inferredDays(team.id, org.checkIns),
    }))
    .sort(byId);
}

/**
 * The people, each with their teams and their two tokens (G9). The person who read it is the world's default
 * person (and every Echo's creator): listed by GET /me even when /people leaves them out (a token that may list
 * nobody, a list read short), or the world did not hold together.
 */
function peopleOf(org: SourceOrg, teamIds: Set<string>, key: string | Buffer, tally: Tally): Person[] {
  // A person's teams: the wire's `teams` of the person, and the team details' members say the same.
  const membership = new Map<string, string[]>();
  for (const team of org.teams)
    for (const member of team.people) membership.set(member.id, [...(membership.get(member.id) ?? []), team.id]);
  const listed = org.people.some((p) => p.id === org.me.id) ? org.people : [...org.people, org.me];
  return keptOf(tally, 'people', listed, {
    instants: (person) => [person.created_at, person.updated_at],
    keep: () => true,
    build: (person) => ({
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
      // In the wire's order (a person's home team first), then any team whose members list them besides.
      teamIds: [
        ...new Set(
          [...person.teams.map((t) => t.id), ...(membership.get(person.id) ?? [])].filter((id) => teamIds.has(id)),
        ),
      ],
      absences: [],
      tokens: tokensOf(key, person.id),
      createdAt: seconds(person.created_at),
      updatedAt: seconds(person.updated_at),
    }),
  });
}

/**
 * The goals kept: those whose owner was read. A parent left out (or never read) leaves its children at the top of
 * the tree; measured against every goal read, a child kept the id of a parent whose owner /people did not list
 * (someone who left), and the world did not hold together (exit 2). A goal with neither an update nor a start
 * date is made at 0 here, and at the world's clock once that is known (orgRecords).
 */
function goalsOf(org: SourceOrg, personIds: Set<string>, teamIds: Set<string>, tally: Tally): Goal[] {
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
  return keptOf(tally, 'goals', org.goals, {
    instants: () => [],
    keep: (goal) => personIds.has(goal.owner.id),
    build: (goal) => {
      const made = goalMade(goal);
      return {
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
        updatedAt: Math.max(made, ...(updatesOf.get(goal.id) ?? []).map((u) => seconds(u.updated_at))),
        seq: goalSeq.get(goal.id)!,
      };
    },
  });
}

/** GU7: the updates of the goals kept, by the people read. */
function goalUpdatesOf(org: SourceOrg, goalIds: Set<string>, personIds: Set<string>, tally: Tally): GoalUpdate[] {
  const updateSeq = inOrder(org.goalUpdates, (u) => seconds(u.created_at));
  return keptOf(tally, 'goalUpdates', org.goalUpdates, {
    instants: (update) => [update.created_at, update.updated_at],
    keep: (update) => goalIds.has(update.goal.id) && personIds.has(update.person.id),
    build: (update) => ({
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
    }),
  });
}

/** The check-ins of the people read, each on the teams read. */
function checkInsOf(org: SourceOrg, personIds: Set<string>, teamIds: Set<string>, tally: Tally): CheckIn[] {
  return keptOf(tally, 'checkIns', org.checkIns, {
    instants: (checkIn) => [checkIn.completed_at, checkIn.updated_at],
    keep: (checkIn) => personIds.has(checkIn.person.id),
    build: (checkIn) => ({
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
    }),
  });
}

/** The Echo questions, their creator the person who read them (EC7), and the answers to those read. */
function echoesOf(org: SourceOrg, tally: Tally): Pick<WorldContents, 'echoQuestions' | 'echoAnswers'> {
  const answersOf = new Map<string, SourceOrg['echoAnswers']>();
  for (const answer of org.echoAnswers)
    answersOf.set(answer.question.id, [...(answersOf.get(answer.question.id) ?? []), answer]);
  const questionSeq = inOrder(org.echoQuestions, (q) => seconds(q.created_at));
  const echoQuestions: EchoQuestion[] = keptOf(tally, 'echoQuestions', org.echoQuestions, {
    instants: (question) => [question.created_at, question.updated_at],
    keep: () => true,
    build: (question) => ({
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
      publishedThrough: Math.max(
        seconds(question.created_at),
        ...(answersOf.get(question.id) ?? []).map((a) => seconds(a.published_at)),
      ),
      createdAt: seconds(question.created_at),
      updatedAt: seconds(question.updated_at),
      seq: questionSeq.get(question.id)!,
    }),
  });
  const questionIds = new Set(echoQuestions.map((q) => q.id));
  const answerSeq = inOrder(org.echoAnswers, (a) => seconds(a.published_at));
  const echoAnswers: EchoAnswer[] = keptOf(tally, 'echoAnswers', org.echoAnswers, {
    instants: (answer) => [answer.published_at],
    keep: (answer) => questionIds.has(answer.question.id),
    build: (answer) => ({
      id: answer.id,
      questionId: answer.question.id,
      title: answer.title,
      body: answer.body,
      publishedAt: seconds(answer.published_at),
      seq: answerSeq.get(answer.id)!,
    }),
  });
  return { echoQuestions, echoAnswers };
}

/** The activities of the people read. */
function activitiesOf(org: SourceOrg, personIds: Set<string>, tally: Tally): Activity[] {
  const activitySeq = inOrder(org.activities, (a) => seconds(a.recorded_at));
  return keptOf(tally, 'activities', org.activities, {
    instants: (activity) => [activity.recorded_at],
    keep: (activity) => personIds.has(activity.person.id),
    build: (activity) => ({
      id: activity.id,
      kind: activity.kind,
      group: activity.group,
      title: activity.title,
      description: activity.description,
      url: activity.url,
      personId: activity.person.id,
      recordedAt: seconds(activity.recorded_at),
      seq: activitySeq.get(activity.id)!,
    }),
  });
}

/** CR1, CR2: comments and reactions on a check-in or goal update that was kept, by the people read. */
function responsesOf(
  org: SourceOrg,
  commentable: Set<string>,
  personIds: Set<string>,
  tally: Tally,
): Pick<WorldContents, 'comments' | 'reactions'> {
  const on = (response: { resource: { id: string }; person: { id: string } }) =>
    commentable.has(response.resource.id) && personIds.has(response.person.id);
  const commentSeq = inOrder(org.comments, (c) => seconds(c.created_at));
  const comments: Comment[] = keptOf(tally, 'comments', org.comments, {
    instants: (comment) => [comment.created_at, comment.updated_at],
    keep: on,
    build: (comment) => ({
      id: comment.id,
      resourceType: comment.resource.type,
      resourceId: comment.resource.id,
      personId: comment.person.id,
      body: comment.body,
      createdAt: seconds(comment.created_at),
      updatedAt: seconds(comment.updated_at),
      seq: commentSeq.get(comment.id)!,
    }),
  });
  const reactionSeq = inOrder(org.reactions, (r) => seconds(r.created_at));
  const reactions: Reaction[] = keptOf(tally, 'reactions', org.reactions, {
    instants: (reaction) => [reaction.created_at],
    keep: on,
    build: (reaction) => ({
      id: reaction.id,
      resourceType: reaction.resource.type,
      resourceId: reaction.resource.id,
      personId: reaction.person.id,
      name: reaction.name,
      createdAt: seconds(reaction.created_at),
      seq: reactionSeq.get(reaction.id)!,
    }),
  });
  return { comments, reactions };
}

/**
 * The world's records of an organisation, with what had to be left out. `key` makes the people's tokens.
 * @example const { contents, leftOut } = orgRecords(anonymised, salt)
 */
export function orgRecords(org: SourceOrg, key: string | Buffer): OrgRecords {
  // Every instant the organisation shows: the world is generated at the latest of them. The default window's end
  // is one (the newest record seen before the dated lists were read), so the world's clock is never before the
  // window it was read for, even when the record it came from is left out.
  const tally = new Tally();
  tally.seen(org.source.window.through);
  const teams = teamsOf(org);
  const teamIds = new Set(teams.map((t) => t.id));
  const people = peopleOf(org, teamIds, key, tally);
  const personIds = new Set(people.map((p) => p.id));
  const goals = goalsOf(org, personIds, teamIds, tally);
  const goalUpdates = goalUpdatesOf(org, new Set(goals.map((g) => g.id)), personIds, tally);
  const checkIns = checkInsOf(org, personIds, teamIds, tally);
  const echoes = echoesOf(org, tally);
  const activities = activitiesOf(org, personIds, tally);
  const commentable = new Set([...checkIns.map((c) => c.id), ...goalUpdates.map((u) => u.id)]);
  const responses = responsesOf(org, commentable, personIds, tally);

  // Goals with neither an update nor a start date were made when the organisation was read, and so were those whose
  // start date is after every instant read (a goal planned for next week): the start date's morning is a guess at
  // when a goal was made, and a future one would put the world's clock past the read, where the base publishes
  // Echo answers the source had not yet (EC4).
  const generatedAt = tally.latest || Math.max(0, ...goals.map((g) => g.createdAt));
  for (const [i, goal] of goals.entries())
    if (goal.createdAt === 0 || goal.createdAt > generatedAt)
      goals[i] = { ...goal, createdAt: generatedAt, updatedAt: generatedAt };

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
      ...echoes,
      ...responses,
      activities,
    },
    leftOut: tally.leftOut,
  };
}
