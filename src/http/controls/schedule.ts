// What the controls change in a world's schedule: EC3's pause and resume of an Echo question, CI9's recorded
// absences.
import { recordAbsence } from '../../domain/absences.js';
import { pauseEchoQuestion, resumeEchoQuestion } from '../../domain/echoes.js';
import { created, ok } from '../operation-handler.js';
import type { ControlHandlers } from './control-handler.js';

export const scheduleControls = {
  pauseEchoQuestion: ({ world, present }, { params }) =>
    ok(present.echoQuestion(world, pauseEchoQuestion(world, params.id))),
  resumeEchoQuestion: ({ world, present }, { params }) =>
    ok(present.echoQuestion(world, resumeEchoQuestion(world, params.id))),
  recordAbsence: ({ world }, { params, body }) => created(recordAbsence(world, params.id, body.start, body.end)),
} satisfies Partial<ControlHandlers>;
