// What the dashboard's "Connect your app" box prints beside the base URL and the token that the page fills in:
// README's MSW block, as printed there (test/browser/dashboard.test.ts holds the two in step, and
// test/browser/browser.test.ts runs README's block in Chromium).

/**
 * README's first `<!-- example: browser -->` block: the mock inside the app's own page, with no server (the
 * guard that imports it in development is README's next block).
 */
export const MSW_SNIPPET = `// src/mocks.ts: the mock, started by main.ts in development (or in a demo build) and never imported otherwise.
import { setupWorker } from 'msw/browser';
import { createMock } from 'standin';
import { standinHandlers } from 'standin/msw';

export async function startMock() {
  // persist: the world survives a reload of the page. anyToken (MK7): the app's own login token, or none, is
  // answered as the world's default person, read-write, instead of 401.
  const mock = createMock({ persist: 'local', anyToken: true });
  const worker = setupWorker(...standinHandlers(mock, { baseUrl: '/api/v2' }));
  await worker.start({ onUnhandledRequest: 'bypass' }); // other requests (the app's own files) go on as usual
  return mock;
}`;
