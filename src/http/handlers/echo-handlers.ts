// EC operations → domain calls, rendered.
import {
  createEchoAnswer,
  createEchoQuestion,
  deleteEchoQuestion,
  getEchoAnswer,
  getEchoQuestion,
  listEchoAnswers,
  listEchoQuestions,
  updateEchoAnswer,
  updateEchoQuestion,
} from '../../domain/echoes.js';
import { created, noContent, ok, type OperationHandlers } from '../operation-handler.js';

export const echoHandlers = {
  listEchoQuestions: ({ world, actor, page, render }) => {
    const now = world.now();
    return ok(listEchoQuestions(world, page).map((q) => render.record('echoQuestions', world, q, actor, now)));
  },
  createEchoQuestion: ({ world, actor, body, render }) =>
    created(render.record('echoQuestions', world, createEchoQuestion(world, actor, body), actor)),
  getEchoQuestion: ({ world, actor, params, render }) =>
    ok(render.record('echoQuestions', world, getEchoQuestion(world, params.id), actor)),
  updateEchoQuestion: ({ world, actor, params, body, render }) =>
    ok(render.record('echoQuestions', world, updateEchoQuestion(world, actor, params.id, body), actor)),
  deleteEchoQuestion: ({ world, actor, params }) => (deleteEchoQuestion(world, actor, params.id), noContent()),
  listEchoAnswers: ({ world, actor, params, page, render }) =>
    ok(listEchoAnswers(world, params.question_id, page).map((a) => render.record('echoAnswers', world, a, actor))),
  createEchoAnswer: ({ world, actor, params, body, render }) =>
    created(render.record('echoAnswers', world, createEchoAnswer(world, params.question_id, body), actor)),
  getEchoAnswer: ({ world, actor, params, render }) =>
    ok(render.record('echoAnswers', world, getEchoAnswer(world, params.id), actor)),
  updateEchoAnswer: ({ world, actor, params, body, render }) =>
    ok(render.record('echoAnswers', world, updateEchoAnswer(world, actor, params.id, body), actor)),
} satisfies Partial<OperationHandlers>;
