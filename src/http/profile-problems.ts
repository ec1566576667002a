// MK6: what is wrong with a latency and fault profile given at start (createMock's `faults`, standin serve's
// --faults): its shape against spec/control.yaml's FaultProfile, then the values it cannot draw from. Apart from
// the option rules (option-rules.ts) because it loads the control spec's validators, which the command line loads
// only once it is given a profile.
import { FaultProfile, FaultProfileError } from '../runtime/fault-profile.js';
import { checkControlSchema } from '../spec/compiled-spec.js';

/**
 * The problems of a fault profile, each a sentence naming its field; none when the mock can put it in force.
 * @example profileProblems({ rules: [{ faults: [{ kind: 'error', status: 418, rate: 1 }] }] }) // ['rules[0]… must be …']
 */
export function profileProblems(profile: unknown): string[] {
  const problems = checkControlSchema('FaultProfile', profile);
  if (problems.length > 0) return problems;
  try {
    new FaultProfile(profile as ConstructorParameters<typeof FaultProfile>[0]);
    return [];
  } catch (error) {
    if (error instanceof FaultProfileError) return [error.message];
    throw error;
  }
}
