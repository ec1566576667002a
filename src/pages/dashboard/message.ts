// The page's status line (#message): what the last action did, or why it failed.
import { $ } from './dom.js';

/**
 * Says `message` in the status line, in red when `failed`.
 * @example say('Took before-demo.')
 */
export function say(message: string, failed = false): void {
  const line = $('message');
  line.textContent = message;
  line.className = failed ? 'failed' : '';
}
