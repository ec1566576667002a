// Asking for the control token (#token-form) where the world cannot be read without it: the form shown, and the
// header saying why nothing is loaded, rather than "loading the world…" that never ends (a stranger's read).
import { $ } from './dom.js';

/** What the header says while the controls wait for their token. */
const TOKEN_NEEDED = 'the controls need the server’s control token: enter it below to read the world';

/**
 * Shows the token form and says in the header that the world waits for it.
 * @example askForToken()
 */
export function askForToken(): void {
  $('token-form').hidden = false;
  $('summary').textContent = TOKEN_NEEDED;
}
