// EC operations → domain calls, presented.
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
  listEchoQuestions: ({ world, page, present }) => {
    const now = world.now();
    return ok(listEchoQuestions(world, page).map((q) => present.echoQuestion(world, q, now)));
  },
  createEchoQuestion: ({ world, actor, body, present }) =>
    created(present.echoQuestion(world, createEchoQuestion(world, actor, body))),
  getEchoQuestion: ({ world, params, present }) => ok(present.echoQuestion(world, getEchoQuestion(world, params.id))),
  updateEchoQuestion: ({ world, actor, params, body, present }) =>
    ok(present.echoQuestion(world, updateEchoQuestion(world, actor, params.id, body))),
  deleteEchoQuestion: ({ world, actor, params }) => (deleteEchoQuestion(world, actor, params.id), noContent()),
  listEchoAnswers: ({ world, params, page, present }) =>
    ok(listEchoAnswers(world, params.question_id, page).map((a) => present.echoAnswer(world, a))),
  createEchoAnswer: ({ world, params, body, present }) =>
    created(present.echoAnswer(world, createEchoAnswer(world, params.question_id, body))),
  getEchoAnswer: ({ world, params, present }) => ok(present.echoAnswer(world, getEchoAnswer(world, params.id))),
  updateEchoAnswer: ({ world, actor, params, body, present }) =>
    ok(present.echoAnswer(world, updateEchoAnswer(world, actor, params.id, body))),
};
