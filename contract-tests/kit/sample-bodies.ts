// Owns a valid request body for every operation that takes one, so that per-operation checks (G2, G7, G9)
// send requests a correct server would accept but for the one thing the check varies. Texts carry the
// run's mark, so anything a broken server wrongly keeps can be found and swept.

type Mark = (text: string) => string;

const SAMPLES: Record<string, (mark: Mark) => Record<string, unknown>> = {
  createGoal: (mark) => ({ title: mark('goal') }),
  updateGoal: (mark) => ({ title: mark('goal') }),
  createGoalUpdate: (mark) => ({ title: mark('update'), confidence: 60 }),
  updateGoalUpdate: (mark) => ({ title: mark('update') }),
  // No answer field: the check-in's answers stay as they are.
  updateCheckIn: () => ({}),
  createEchoQuestion: (mark) => ({ prompt: mark('question?') }),
  updateEchoQuestion: (mark) => ({ title: mark('question') }),
  createEchoAnswer: (mark) => ({ body: mark('answer') }),
  updateEchoAnswer: (mark) => ({ body: mark('answer') }),
  createCheckInComment: (mark) => ({ body: mark('comment') }),
  createGoalUpdateComment: (mark) => ({ body: mark('comment') }),
  updateComment: (mark) => ({ body: mark('comment') }),
  createCheckInReaction: () => ({ name: 'clap' }),
  createGoalUpdateReaction: () => ({ name: 'clap' }),
  createActivity: (mark) => ({ group: mark('activity'), description: mark('checked the contract') }),
};

/** The operations that have a sample, for the test that every body-taking operation has one. */
export const SAMPLED_OPERATIONS: readonly string[] = Object.keys(SAMPLES);

/**
 * @example sampleBody('createGoal', ctx.mark.bind(ctx)) // { title: '[standin-contract] run-… goal' }
 */
export function sampleBody(operationId: string, mark: Mark): Record<string, unknown> {
  const sample = SAMPLES[operationId];
  if (!sample) throw new Error(`no sample body for ${operationId}: add one to contract-tests/kit/sample-bodies.ts`);
  return sample(mark);
}
