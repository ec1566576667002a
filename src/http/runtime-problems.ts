// G8: the runtime's refusals as problems: the memory budget's (507), a session's (MK5: 400, 429) and a reset's
// while another of that world is under way (MK2: 409). The runtime throws them as errors that know no HTTP; these
// are their answers.
import type { BudgetError } from '../runtime/memory-budget.js';
import type { SessionError } from '../runtime/sessions.js';
import type { ResetInProgressError } from '../runtime/worlds.js';
import { problemResponse } from './problem.js';
import type { Transcript } from './transcript.js';

/** The 507 problem of a refusal (G8: every refusal is a problem that says what to do). */
export function budgetProblem(transcript: Transcript | null, error: BudgetError): Response {
  return problemResponse(transcript, 507, 'memory-budget', error.message);
}

/** MK5: a bad X-Mock-Session name (400), or one session more than the cap (429), as a problem. */
export function sessionProblem(transcript: Transcript, error: SessionError): Response {
  return problemResponse(
    transcript,
    error.status,
    error.status === 429 ? 'too-many-sessions' : 'bad-session-name',
    error.message,
    undefined,
    error.status === 429 ? { 'retry-after': '1' } : {},
  );
}

/** MK2: a reset of a world while another of it is under way (409), to be sent again in a second. */
export function resetProblem(transcript: Transcript, error: ResetInProgressError): Response {
  return problemResponse(transcript, 409, 'reset-in-progress', error.message, undefined, { 'retry-after': '1' });
}
