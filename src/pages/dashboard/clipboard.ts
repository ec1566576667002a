// The copy buttons: a value onto the clipboard, or, when the browser refuses, the value in the status line.
import { say } from './message.js';

/**
 * Puts `value` on the clipboard and says so.
 * @example button('copy', () => void copy(token))
 */
export async function copy(value: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    say('Copied to the clipboard.');
  } catch {
    say(`The browser refused the clipboard; select the text instead: ${value}`, true);
  }
}
