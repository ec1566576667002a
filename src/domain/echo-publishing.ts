// EC4: publishing an echo's answers: one per slot of its schedule up to an instant, each at the slot's
// instant, after which the question records how far it has published. Used by a world's catch-up and by
// a base world, which publishes what was due when it was generated.
import { answerTitle, nextAnswerAt } from './echo-schedule.js';
import { stableUuid } from './entropy.js';
import type { EchoQuestion, EpochSeconds } from './records.js';
import type { Store } from './store.js';

/**
 * EC4: writes the Markdown body of an answer published at `publishedAt` (the generator's voice), in a world of
 * `size` (world-base.ts' WorldSize, spelled out here as world-base.ts imports this file): its answerers write in the
 * habits they have among that world's people (LW4).
 */
export type AnswerBodyWriter = (
  seed: number,
  question: EchoQuestion,
  publishedAt: EpochSeconds,
  size: 'small' | 'large',
) => string;

/**
 * Publishes every slot of `question` from `due` up to `until` (EC3: a paused question up to its pause) and
 * returns when the next answer is due.
 * @example due = publishDueAnswers(store, { seed: 42, size: 'small' }, echoAnswerBody, question, due, now)
 */
export function publishDueAnswers(
  store: Store,
  { seed, size }: { seed: number; size: 'small' | 'large' },
  answerBody: AnswerBodyWriter,
  question: EchoQuestion,
  due: EpochSeconds,
  until: EpochSeconds,
): EpochSeconds {
  const last = question.pausedAt === null ? until : Math.min(until, question.pausedAt);
  if (due > last) return due;
  let publishedThrough = question.publishedThrough;
  while (due <= last) {
    store.putEchoAnswer({
      // Stryker disable next-line StringLiteral: the name keeps answer ids apart from other stable ids; no other kind derives one from a question's id and an instant, so any name gives distinct ids.
      id: stableUuid(seed, 'echo-answer', question.id, due),
      questionId: question.id,
      title: answerTitle(question.title, due, question.answerTimeZone),
      body: answerBody(seed, question, due, size),
      publishedAt: due,
      // Below every runtime seq: an answer posted in the same second was created later (EC5, GU7).
      seq: 0,
    });
    publishedThrough = due;
    due = nextAnswerAt(question, due);
  }
  store.putEchoQuestion({ ...question, publishedThrough });
  return due;
}
