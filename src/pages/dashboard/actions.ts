// What a button or a form of the page does to the world: the call, then a line saying how it went, then the
// world as it is now.
import { describeFailure } from './failure.js';
import { say } from './message.js';
import { requestRefresh } from './refresh-requests.js';

/**
 * Runs an action, says `done` (or, given a function, what it makes of the action's answer; or why it failed),
 * then has the world read again.
 * @example void act('The world is as generated again.', () => control('POST', '/reset'))
 */
export async function act<T>(done: string | ((answer: T) => string), action: () => Promise<T>): Promise<void> {
  try {
    const answer = await action();
    say(typeof done === 'string' ? done : done(answer));
  } catch (error) {
    say(describeFailure(error), true);
  }
  await requestRefresh();
}
