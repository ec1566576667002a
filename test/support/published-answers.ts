// EC4's answers as a base publishes them when it loads: every slot of each of a world's Echoes up to an instant (or
// its pause; EC3: none the team had paused, offAtWeekend), written by the generator, for the tests that read a
// world's published answers (the story's figures).
import { echoAnswerBody } from '../../fixtures/echo-answer-body.js';
import { offAtWeekend } from '../../fixtures/echo-weekends.js';
import type { WorldSize } from '../../fixtures/world-size.js';
import { answerTitle, nextAnswerAt } from '../../src/domain/echo-schedule.js';
import { awayIn, type BaseGoals } from '../../src/domain/echo-publishing.js';
import type { EchoAnswer, EchoQuestion, EpochSeconds, Goal, GoalUpdate, Person } from '../../src/domain/records.js';

/**
 * `people`: the world's, whose absences keep them out of a day's answers (LW6), as a base's store does; `goals`, its
 * goals and their updates (goalsOfWorld), whose finished projects its answerers tell of no more (LW1, LW3).
 * @example publishedAnswers(42, world.echoQuestions, world.generatedAt, 'small', world.people) // every answer published by then
 */
export function publishedAnswers(
  seed: number,
  questions: readonly EchoQuestion[],
  until: EpochSeconds,
  size: WorldSize = 'small',
  people: readonly Person[] = [],
  goals?: BaseGoals,
): EchoAnswer[] {
  const byId = new Map(people.map((person) => [person.id, person]));
  const away = awayIn({ people: byId, absencesOf: (person) => person.absences }, until);
  return questions.flatMap((question) => {
    const answers: EchoAnswer[] = [];
    const last = Math.min(question.pausedAt ?? until, until);
    for (let at = nextAnswerAt(question, question.createdAt); at <= last; at = nextAnswerAt(question, at)) {
      if (offAtWeekend(question, at)) continue;
      answers.push({
        id: `${question.id} ${at}`,
        questionId: question.id,
        title: answerTitle(question.title, at, question.answerTimeZone),
        body: echoAnswerBody(seed, question, at, size, away, goals),
        publishedAt: at,
        seq: 0,
      });
    }
    return answers;
  });
}

/**
 * A generated world's goals and their updates as a base gives them to the writer (echo-publishing.ts' BaseGoals).
 * @example publishedAnswers(42, world.echoQuestions, now, 'small', world.people, goalsOfWorld(world))
 */
export function goalsOfWorld(world: { goals: readonly Goal[]; goalUpdates: readonly GoalUpdate[] }): BaseGoals {
  const byGoal = new Map<string, GoalUpdate[]>();
  for (const update of world.goalUpdates) byGoal.set(update.goalId, [...(byGoal.get(update.goalId) ?? []), update]);
  return { goals: () => world.goals, updatesOf: (goalId) => byGoal.get(goalId) ?? [] };
}
