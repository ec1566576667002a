// What the public mock (public-mock.ts) throws when a control it asked refused: the problem the control answered
// with. Apart from the mock's code, so that Node's entry (index.ts) names it without the rest; a page's entry
// (index.browser.ts) hands it on from public-mock.ts, which it loads before it is evaluated anyway.
import type { ControlSchema } from '../types/wire.js';

/**
 * A control that answered with a problem (RFC 9457): its status, and the problem, which names the field, the
 * rule and the fix.
 * @example try { await mock.clock.set({ now: '2020-01-01T00:00:00Z' }) } catch (e) { (e as MockControlError).status } // 422
 */
export class MockControlError extends Error {
  readonly status: number;
  readonly problem: ControlSchema<'Problem'>;

  constructor(problem: ControlSchema<'Problem'>) {
    super(problem.detail);
    this.name = 'MockControlError';
    this.status = problem.status;
    this.problem = problem;
  }
}
