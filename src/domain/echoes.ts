// EC1–EC6: echo questions (defaults, schedule, pause and resume) and their answers.
import { DomainError } from './domain-error.js';
import { answerTitle } from './echo-schedule.js';
import { paginate, type Page } from './pagination.js';
import { newestFirst } from './record-order.js';
import type { EchoAnswer, EchoQuestion, Person, Uuid } from './records.js';
import type { World } from './world.js';
import type { ApiSchema } from '../types/wire.js';

/** EC1's writable fields: the wire's EchoQuestionInput, validated against it first. */
export type EchoQuestionInput = ApiSchema<'EchoQuestionInput'>;

/** EC5: a new answer, and the changes to one, as the wire has them (validated against them first). */
export type EchoAnswerCreate = ApiSchema<'EchoAnswerCreate'>;
export type EchoAnswerPatch = ApiSchema<'EchoAnswerPatch'>;

function question(world: World, id: Uuid): EchoQuestion {
  return DomainError.unlessFound(world.store.echoQuestions.get(id), 'echo question', id);
}

/** EC7: only an Echo's creator or an administrator may change or delete it, or change its answers. */
function ownQuestion(world: World, actor: Person, id: Uuid, action: string): EchoQuestion {
  const found = question(world, id);
  if (found.creatorId !== actor.id && !actor.administrator) {
    throw DomainError.forbidden(`Only the creator of Echo ${id} or an administrator may ${action} (EC7).`);
  }
  return found;
}

function answer(world: World, id: Uuid): EchoAnswer {
  return DomainError.unlessFound(world.store.echoAnswers.get(id), 'echo answer', id);
}

/** Oldest first: created_at ascending, then creation order (the spec's documented order). */
export function listEchoQuestions(world: World, page: Page): EchoQuestion[] {
  const ordered = [...world.store.echoQuestions.values()].sort((a, b) => -newestFirst(a, b));
  return paginate(ordered, page);
}

/** EC1: defaults weekly, monday, 09:00, title = prompt; the zone is the creator's. EC2: first slot after now. */
export function createEchoQuestion(world: World, actor: Person, input: EchoQuestionInput): EchoQuestion {
  const now = world.now();
  const prompt = input.prompt ?? '';
  const created: EchoQuestion = {
    id: world.store.newId('echoQuestions'),
    creatorId: actor.id,
    prompt,
    title: input.title ?? prompt,
    answerFrequency: input.answer_frequency ?? 'weekly',
    answerDay: input.answer_day ?? 'monday',
    answerTime: input.answer_time ?? '09:00',
    answerTimeZone: actor.timeZone,
    pausedAt: null,
    publishedThrough: now,
    createdAt: now,
    updatedAt: now,
    seq: world.store.nextSeq(),
  };
  world.putEchoQuestion(created);
  return created;
}

export function getEchoQuestion(world: World, id: Uuid): EchoQuestion {
  return question(world, id);
}

/**
 * EC2: `next_answer_at` is recomputed; slots of the new schedule before now are not published retroactively.
 * EC7: creator or administrator.
 */
export function updateEchoQuestion(world: World, actor: Person, id: Uuid, input: EchoQuestionInput): EchoQuestion {
  const current = ownQuestion(world, actor, id, 'change it');
  const now = world.now();
  const changed: EchoQuestion = {
    ...current,
    prompt: input.prompt ?? current.prompt,
    title: input.title ?? current.title,
    answerFrequency: input.answer_frequency ?? current.answerFrequency,
    answerDay: input.answer_day ?? current.answerDay,
    answerTime: input.answer_time ?? current.answerTime,
    // EC2 and EC3: none of the new schedule's slots before now is published, paused or not (keeping a paused
    // Echo's older mark published a slot of the new schedule between that mark and the pause).
    publishedThrough: now,
    updatedAt: now,
  };
  world.putEchoQuestion(changed);
  return changed;
}

/** EC6: its answers go too. EC7: creator or administrator. */
export function deleteEchoQuestion(world: World, actor: Person, id: Uuid): void {
  world.deleteEchoQuestion(ownQuestion(world, actor, id, 'delete it'));
}

/** EC3: paused — `paused_at` set, `next_answer_at` null, nothing published until resumed. */
export function pauseEchoQuestion(world: World, id: Uuid): EchoQuestion {
  const current = question(world, id);
  const now = world.now();
  if (current.pausedAt === null) world.putEchoQuestion({ ...current, pausedAt: now, updatedAt: now });
  return question(world, id);
}

/** EC3: resumed — `next_answer_at` recomputed from now; the paused stretch publishes nothing. */
export function resumeEchoQuestion(world: World, id: Uuid): EchoQuestion {
  const current = question(world, id);
  const now = world.now();
  if (current.pausedAt !== null)
    world.putEchoQuestion({ ...current, pausedAt: null, publishedThrough: now, updatedAt: now });
  return question(world, id);
}

/** EC5: newest first. */
export function listEchoAnswers(world: World, questionId: Uuid, page: Page): EchoAnswer[] {
  const q = question(world, questionId);
  return paginate(world.store.answersOfQuestion(q.id), page);
}

/** EC5: `{title?, body}`; the title defaults to the EC4 form for now. */
export function createEchoAnswer(world: World, questionId: Uuid, input: EchoAnswerCreate): EchoAnswer {
  const q = question(world, questionId);
  const now = world.now();
  const created: EchoAnswer = {
    id: world.store.newId('echoAnswers'),
    questionId: q.id,
    title: input.title ?? answerTitle(q.title, now, q.answerTimeZone),
    body: input.body ?? null,
    publishedAt: now,
    seq: world.store.nextSeq(),
  };
  world.store.putEchoAnswer(created);
  return created;
}

export function getEchoAnswer(world: World, id: Uuid): EchoAnswer {
  return answer(world, id);
}

/** EC5; EC7: only the Echo's creator or an administrator may change its answers. */
export function updateEchoAnswer(world: World, actor: Person, id: Uuid, input: EchoAnswerPatch): EchoAnswer {
  const found = answer(world, id);
  ownQuestion(world, actor, found.questionId, `change its answer ${id}`);
  const changed = {
    ...found,
    title: input.title ?? found.title,
    body: input.body !== undefined ? input.body : found.body,
  };
  world.store.putEchoAnswer(changed);
  return changed;
}
