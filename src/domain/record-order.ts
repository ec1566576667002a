// The orders records are listed in (GU7 newest first, PT2 by name, GO6 by end date) and the key comments and
// reactions are filed under: what the store's indexes sort and group by (record-kinds.ts), and what the
// domain sorts by when it lists without an index.
import type { Activity, CommentableType, EchoAnswer, Goal, Uuid } from './records.js';

/**
 * GU7: newest first by the instant `at` reads; within one second, the one created last first. One comparator
 * per kind of record: a sorted insert compares a few dozen times, and asking each record which instant it has
 * showed in the profile of a write.
 */
function newestFirstBy<T extends { readonly seq: number }>(at: (record: T) => number) {
  return (a: T, b: T): number => at(b) - at(a) || b.seq - a.seq;
}

/** GU7 for records with a `createdAt` (goal updates, comments, reactions, echo questions). */
export const newestFirst = newestFirstBy(
  (record: { readonly seq: number; readonly createdAt: number }) => record.createdAt,
);
/** EC5: echo answers, newest published first. */
export const newestPublishedFirst = newestFirstBy((answer: EchoAnswer) => answer.publishedAt);
/** AC1: activities, newest recorded first. */
export const newestRecordedFirst = newestFirstBy((activity: Activity) => activity.recordedAt);

/** PT2, CI5: people ordered by name, then id. */
export function byNameThenId(a: { name: string; id: string }, b: { name: string; id: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** What GO6 orders goals by. */
export type GoalOrderKeys = Pick<Goal, 'endDate' | 'title' | 'id'>;

/** GO6: end_date ascending with no end date last, then title, then id. */
export function goalOrder(a: GoalOrderKeys, b: GoalOrderKeys): number {
  if (a.endDate !== b.endDate) {
    // Stryker disable next-line ConditionalExpression: without it, \`null < "2026-…"\` compares 0 with NaN, false, and answers 1 alike; it is there to be read.
    if (a.endDate === null) return 1;
    if (b.endDate === null) return -1;
    // Stryker disable next-line EqualityOperator: the dates differ here, so \`<=\` answers as \`<\` does.
    return a.endDate < b.endDate ? -1 : 1;
  }
  // Stryker disable next-line EqualityOperator: the titles differ here, so \`<=\` answers as \`<\` does.
  if (a.title !== b.title) return a.title < b.title ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** CR1: the key a comment or reaction is filed under, its resource's type and id. */
export function resourceKey(type: CommentableType, id: Uuid): string {
  return `${type}:${id}`;
}
