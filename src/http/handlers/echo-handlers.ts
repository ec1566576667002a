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

export const echoHandlers: OperationHandlers = {
  listEchoQuestions: ({ world, page, render }) => {
    const now = world.now();
    return ok(listEchoQuestions(world, page).map((q) => render.echoQuestion(world, q, now)));
  },
  createEchoQuestion: ({ world, actor, body, render }) =>
    created(render.echoQuestion(world, createEchoQuestion(world, actor, body))),
  getEchoQuestion: ({ world, params, render }) => ok(render.echoQuestion(world, getEchoQuestion(world, params.id))),
  updateEchoQuestion: ({ world, actor, params, body, render }) =>
    ok(render.echoQuestion(world, updateEchoQuestion(world, actor, params.id, body))),
  deleteEchoQuestion: ({ world, actor, params }) => (deleteEchoQuestion(world, actor, params.id), noContent()),
  listEchoAnswers: ({ world, params, page, render }) =>
    ok(listEchoAnswers(world, params.question_id, page).map((a) => render.echoAnswer(world, a))),
  createEchoAnswer: ({ world, params, body, render }) =>
    created(render.echoAnswer(world, createEchoAnswer(world, params.question_id, body))),
  getEchoAnswer: ({ world, params, render }) => ok(render.echoAnswer(world, getEchoAnswer(world, params.id))),
  updateEchoAnswer: ({ world, actor, params, body, render }) =>
    ok(render.echoAnswer(world, updateEchoAnswer(world, actor, params.id, body))),
};
