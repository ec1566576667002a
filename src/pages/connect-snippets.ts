// What the dashboard's "Connect your app" box prints beside the base URL and the token that the page fills in:
// README's MSW block, as printed there (test/browser/dashboard.test.ts holds the two in step, and
// test/browser/browser.test.ts runs README's block in Chromium).

/** README's `<!-- example: browser -->` block: the mock inside the app's own page, with no server. */
export const MSW_SNIPPET = `// src/mocks.ts: imported first thing by main.ts (Vite) or .storybook/preview.ts, in development only.
import { setupWorker } from 'msw/browser';
import { createMock } from 'standin';
import { standinHandlers } from 'standin/msw';

export const mock = createMock({ persist: 'local' }); // the world survives a reload of the page
export const worker = setupWorker(...standinHandlers(mock, { baseUrl: '/api/v2' }));
await worker.start({ onUnhandledRequest: 'bypass' }); // other requests (the app's own files) go on as usual`;
