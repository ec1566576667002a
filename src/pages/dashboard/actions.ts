// What a button or a form of the page does to the world: the call, then a line saying how it went, then the
// world as it is now.
import { describeFailure } from './failure.js';
import { say } from './message.js';
import { requestRefresh } from './refresh-requests.js';

/**
 * Runs an action, says `done` (or why it failed), then has the world read again.
 * @example void act('The world is as generated again.', () => control('POST', '/reset'))
 */
export async function act(done: string, action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
    say(done);
  } catch (error) {
    say(describeFailure(error), true);
  }
  await requestRefresh();
}
