// When a record is published, and as what (DG1, DG2): a check-in when it is completed, a goal update or a comment
// when it is posted, an Echo answer when it is published. The digest lists publications per person; the outbound
// webhooks' events (check-in completed, goal update posted, comment made, Echo answer published) are the same
// publications seen organisation-wide, so both read them here. Also who a record's text @mentions.
import type { CheckIn, Comment, EchoAnswer, EpochSeconds, GoalUpdate, Person } from './records.js';

/** DG1: what a digest entry holds; the `type` of its record (G11). */
export const PUBLICATION_CATEGORIES = ['comment', 'check-in', 'goal-update', 'echo-answer'] as const;
export type PublicationCategory = (typeof PUBLICATION_CATEGORIES)[number];

/** The record of each category. */
export interface PublishedRecords {
  comment: Comment;
  'check-in': CheckIn;
  'goal-update': GoalUpdate;
  'echo-answer': EchoAnswer;
}

/** One record as published: its category, the record and the instant it was published (DG2). */
export type Publication = {
  [C in PublicationCategory]: { category: C; record: PublishedRecords[C]; publishedAt: EpochSeconds };
}[PublicationCategory];

/**
 * DG2: a record's publication, or null while it is not published (a check-in nobody completed). The instant is
 * when it was completed, posted or published; an edit keeps it (DG3).
 * @example publicationOf('check-in', checkIn)?.publishedAt // its completed_at, or no publication
 */
export function publicationOf<C extends PublicationCategory>(
  category: C,
  record: PublishedRecords[C],
): Publication | null {
  switch (category) {
    case 'check-in': {
      const checkIn = record as CheckIn;
      return checkIn.completedAt === null ? null : { category, record: checkIn, publishedAt: checkIn.completedAt };
    }
    case 'echo-answer': {
      const answer = record as EchoAnswer;
      return { category, record: answer, publishedAt: answer.publishedAt };
    }
    case 'goal-update':
      return { category, record: record as GoalUpdate, publishedAt: (record as GoalUpdate).createdAt };
    default:
      return { category: 'comment', record: record as Comment, publishedAt: (record as Comment).createdAt };
  }
}

/** The Markdown a record's text is made of (check-in answers, an update's title and body, a body). */
function textsOf(publication: Publication): ReadonlyArray<string | null> {
  switch (publication.category) {
    case 'check-in': {
      const { previous, intentions, blockers } = publication.record;
      return [previous, intentions, blockers];
    }
    case 'goal-update':
      return [publication.record.title, publication.record.body];
    case 'echo-answer':
      return [publication.record.title, publication.record.body];
    default:
      return [publication.record.body];
  }
}

/** A username's characters: after a mention, one of these means a longer name (`@ann` is not in `@anna`). */
const NAME_CHAR = /[A-Za-z0-9_-]/;

/**
 * DG2: whether `text` @mentions `person`: `@username` not inside a word or an email address, and not the start
 * of a longer username.
 * @example mentions('Thanks @wzhou, will do.', wzhou) // true; mentions('mail wzhou@example.com', wzhou) // false
 */
function mentions(text: string | null, person: Pick<Person, 'username'>): boolean {
  if (text === null) return false;
  const handle = `@${person.username}`;
  for (let at = text.indexOf(handle); at !== -1; at = text.indexOf(handle, at + 1)) {
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text[at + handle.length] ?? '';
    if (!NAME_CHAR.test(before) && !NAME_CHAR.test(after)) return true;
  }
  return false;
}

/** DG2: whether any text of a publication @mentions `person`. */
export function mentionsPerson(publication: Publication, person: Pick<Person, 'username'>): boolean {
  return textsOf(publication).some((text) => mentions(text, person));
}
