// EC1–EC6: echo questions (defaults, schedule, pause and resume) and their answers.
import { DomainError } from './domain-error.js';
import { answerTitle } from './echo-schedule.js';
import { paginate, type Page } from './pagination.js';
import { newestFirst } from './store.js';
import type { AnswerFrequency, EchoAnswer, EchoQuestion, Person, Uuid, Weekday } from './records.js';
import type { World } from './world.js';

export interface EchoQuestionInput {
  prompt?: string;
  title?: string;
  answer_frequency?: AnswerFrequency;
  answer_day?: Weekday;
  answer_time?: string;
}

export interface EchoAnswerInput {
  title?: string;
  body?: string;
}

function question(world: World, id: Uuid): EchoQuestion {
  const found = world.store.echoQuestions.get(id);
  if (!found) throw DomainError.notFound('echo question', id);
  return found;
}

function answer(world: World, id: Uuid): EchoAnswer {
  const found = world.store.echoAnswers.get(id);
  if (!found) throw DomainError.notFound('echo answer', id);
  return found;
}

/** Oldest first: created_at ascending, then creation order (the spec's documented order). */
export function listEchoQuestions(world: World, page: Page) {
  const now = world.now();
  const ordered = [...world.store.echoQuestions.values()].sort((a, b) => -newestFirst(a, b));
  return paginate(ordered, page).map((q) => world.present.echoQuestion(q, now));
}

/** EC1: defaults weekly, monday, 09:00, title = prompt; the zone is the creator's. EC2: first slot after now. */
export function createEchoQuestion(world: World, actor: Person, input: EchoQuestionInput) {
  const now = world.now();
  const prompt = input.prompt ?? '';
  const created: EchoQuestion = {
    id: world.store.newId('echo-question'),
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
  return world.present.echoQuestion(created, now);
}

export function getEchoQuestion(world: World, id: Uuid) {
  return world.present.echoQuestion(question(world, id), world.now());
}

/** EC2: `next_answer_at` is recomputed; slots of the new schedule before now are not published retroactively. */
export function updateEchoQuestion(world: World, id: Uuid, input: EchoQuestionInput) {
  const current = question(world, id);
  const now = world.now();
  const changed: EchoQuestion = {
    ...current,
    prompt: input.prompt ?? current.prompt,
    title: input.title ?? current.title,
    answerFrequency: input.answer_frequency ?? current.answerFrequency,
    answerDay: input.answer_day ?? current.answerDay,
    answerTime: input.answer_time ?? current.answerTime,
    publishedThrough: current.pausedAt === null ? now : current.publishedThrough,
    updatedAt: now,
  };
  world.putEchoQuestion(changed);
  return world.present.echoQuestion(changed, now);
}

/** EC6: its answers go too. */
export function deleteEchoQuestion(world: World, id: Uuid): void {
  world.deleteEchoQuestion(question(world, id));
}

/** EC3: paused — `paused_at` set, `next_answer_at` null, nothing published until resumed. */
export function pauseEchoQuestion(world: World, id: Uuid) {
  const current = question(world, id);
  const now = world.now();
  if (current.pausedAt === null) world.putEchoQuestion({ ...current, pausedAt: now, updatedAt: now });
  return world.present.echoQuestion(question(world, id), now);
}

/** EC3: resumed — `next_answer_at` recomputed from now; the paused stretch publishes nothing. */
export function resumeEchoQuestion(world: World, id: Uuid) {
  const current = question(world, id);
  const now = world.now();
  if (current.pausedAt !== null) world.putEchoQuestion({ ...current, pausedAt: null, publishedThrough: now, updatedAt: now });
  return world.present.echoQuestion(question(world, id), now);
}

/** EC5: newest first. */
export function listEchoAnswers(world: World, questionId: Uuid, page: Page) {
  const q = question(world, questionId);
  return paginate(world.store.answersOfQuestion(q.id), page).map((a) => world.present.echoAnswer(a));
}

/** EC5: `{title?, body}`; the title defaults to the EC4 form for now. */
export function createEchoAnswer(world: World, questionId: Uuid, input: EchoAnswerInput) {
  const q = question(world, questionId);
  const now = world.now();
  const created: EchoAnswer = {
    id: world.store.newId('echo-answer'),
    questionId: q.id,
    title: input.title ?? answerTitle(q.title, now, q.answerTimeZone),
    body: input.body ?? null,
    publishedAt: now,
    seq: world.store.nextSeq(),
  };
  world.store.putEchoAnswer(created);
  return world.present.echoAnswer(created);
}

export function getEchoAnswer(world: World, id: Uuid) {
  return world.present.echoAnswer(answer(world, id));
}

export function updateEchoAnswer(world: World, id: Uuid, input: EchoAnswerInput) {
  const found = answer(world, id);
  const changed = { ...found, title: input.title ?? found.title, body: input.body !== undefined ? input.body : found.body };
  world.store.putEchoAnswer(changed);
  return world.present.echoAnswer(changed);
}
