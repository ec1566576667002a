// The control token (#token-form): a server started with --control-token asks for it; the page keeps it for the
// tab only (sessionStorage) and sends it with every /__mock call, and never shows it.
import { $ } from './dom.js';
import { TOKEN_KEY } from './fetching.js';
import { requestRefresh } from './refresh-requests.js';
import { askForToken } from './token-ask.js';

/**
 * Wires the form, and shows it at once on a server that says its controls are protected and no token is kept
 * (rather than after a first refusal).
 * @example wireTokenForm()
 */
export function wireTokenForm(): void {
  const form = $('token-form');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    sessionStorage.setItem(TOKEN_KEY, $<HTMLInputElement>('token-input').value);
    form.hidden = true;
    void requestRefresh();
  });
  if (document.body.dataset.protected === 'true' && !sessionStorage.getItem(TOKEN_KEY)) askForToken();
}
