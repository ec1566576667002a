// WH2, WH3: which change of a world is an outbound webhook's event — a check-in completed (production's documented
// event), a goal update posted, a comment made, an Echo answer published: the publications of the digest
// (publications.ts) seen organisation-wide, so never a private goal's update or its comments (GO7) — and each
// event's stable id and instant.
import { stableUuid } from './entropy.js';
import { publicationOf, type Publication } from './publications.js';
import type { RecordKind } from './record-kinds.js';
import type { CheckIn, Comment, EchoAnswer, EpochSeconds, GoalUpdate, Uuid } from './records.js';
import type { Store } from './store.js';

/** WH2: the events a subscription may ask for. */
export const WEBHOOK_EVENT_TYPES = [
  'check-in.completed',
  'goal-update.created',
  'comment.created',
  'echo-answer.published',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** One event: its type, the mock clock's instant of it (WH3) and the record as published. */
export interface WebhookEvent {
  readonly type: WebhookEventType;
  readonly createdAt: EpochSeconds;
  readonly publication: Publication;
  /** GO7: the goal whose privacy covers the record (a goal update's, or that of the update a comment is on). */
  readonly goalId: Uuid | null;
}

/** GO7: whether an update belongs to a private goal (an organisation-wide view never sees it). */
function privateUpdate(store: Store, update: GoalUpdate | undefined): boolean {
  const goal = update && store.goals.get(update.goalId);
  return goal === undefined || goal.private;
}

/** The publication a change made, or null when the change published nothing (an edit, a delete, a private record). */
function publishedBy(store: Store, kind: RecordKind, id: string, previous: unknown): Publication | null {
  switch (kind) {
    case 'checkIns': {
      // CI3: the first PATCH that leaves an answer sets completed_at; later edits keep it and publish nothing.
      const checkIn = store.checkIns.get(id);
      if (!checkIn || (previous as CheckIn | undefined)?.completedAt != null) return null;
      return publicationOf('check-in', checkIn);
    }
    case 'goalUpdates': {
      const update = store.goalUpdates.get(id);
      if (!update || previous !== undefined || privateUpdate(store, update)) return null;
      return publicationOf('goal-update', update);
    }
    case 'comments': {
      const comment: Comment | undefined = store.comments.get(id);
      if (!comment || previous !== undefined) return null;
      if (comment.resourceType === 'goal-update' && privateUpdate(store, store.goalUpdates.get(comment.resourceId)))
        return null;
      return publicationOf('comment', comment);
    }
    case 'echoAnswers': {
      const answer: EchoAnswer | undefined = store.echoAnswers.get(id);
      return answer && previous === undefined ? publicationOf('echo-answer', answer) : null;
    }
    default:
      return null;
  }
}

const EVENT_TYPE_OF = {
  'check-in': 'check-in.completed',
  'goal-update': 'goal-update.created',
  comment: 'comment.created',
  'echo-answer': 'echo-answer.published',
} as const satisfies Record<Publication['category'], WebhookEventType>;

/**
 * WH2: the event a put of a record makes (`previous` the record in force before it, undefined for a new one), or
 * null.
 * @example webhookEventOf(world.store, 'checkIns', id, before)?.type // 'check-in.completed' on the first answers
 */
export function webhookEventOf(store: Store, kind: RecordKind, id: string, previous: unknown): WebhookEvent | null {
  const publication = publishedBy(store, kind, id, previous);
  if (!publication) return null;
  const type = EVENT_TYPE_OF[publication.category];
  return { type, createdAt: publication.publishedAt, publication, goalId: goalOf(store, publication) };
}

/** GO7: the goal a published record belongs to, whose privacy covers it; null for check-ins and Echo answers. */
function goalOf(store: Store, publication: Publication): Uuid | null {
  if (publication.category === 'goal-update') return publication.record.goalId;
  if (publication.category === 'comment' && publication.record.resourceType === 'goal-update')
    return store.goalUpdates.get(publication.record.resourceId)?.goalId ?? null;
  return null;
}

/**
 * GO7: whether a goal no organisation-wide view sees any more (made private, or deleted): nothing about it is
 * sent, a waiting delivery and a redelivery included.
 * @example goalWithheld(world.store, goalId) // true once PATCH /goals/{id} {private: true}
 */
export function goalWithheld(store: Store, goalId: Uuid): boolean {
  const goal = store.goals.get(goalId);
  return goal === undefined || goal.private;
}

/**
 * WH3: an event's id (its `webhook-id`), a function of the seed, its type, its instant and its `data`'s text: the
 * same message has the same id (MK3; a redelivery sends it again), and two different messages never share one —
 * a reset world makes its records again under the same ids (MK3), so the record's id alone would hand a new
 * message the id of an old one, which a receiver that drops repeated ids (as Standard Webhooks advises) ignores.
 * @example webhookEventId(42, 'goal-update.created', 1_763_564_400, data) // a UUID v4
 */
export function webhookEventId(seed: number, type: WebhookEventType, createdAt: EpochSeconds, data: string): Uuid {
  return stableUuid(seed, 'webhook-event', type, createdAt, data);
}
