// EC operations → domain calls.
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
  listEchoQuestions: ({ world, page }) => ok(listEchoQuestions(world, page)),
  createEchoQuestion: ({ world, actor, body }) => created(createEchoQuestion(world, actor, body)),
  getEchoQuestion: ({ world, params }) => ok(getEchoQuestion(world, params.id)),
  updateEchoQuestion: ({ world, actor, params, body }) => ok(updateEchoQuestion(world, actor, params.id, body)),
  deleteEchoQuestion: ({ world, actor, params }) => (deleteEchoQuestion(world, actor, params.id), noContent()),
  listEchoAnswers: ({ world, params, page }) => ok(listEchoAnswers(world, params.question_id, page)),
  createEchoAnswer: ({ world, params, body }) => created(createEchoAnswer(world, params.question_id, body)),
  getEchoAnswer: ({ world, params }) => ok(getEchoAnswer(world, params.id)),
  updateEchoAnswer: ({ world, actor, params, body }) => ok(updateEchoAnswer(world, actor, params.id, body)),
};
