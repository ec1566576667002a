// GET /docs in a real browser: `standin serve`'s server on 127.0.0.1, Debian's Chromium through playwright-core.
// The reference lists every operation of both specs, "Try it" on GET /me answers with the default person (the
// token was filled in), GET /goals/{id} shows a goal of the running world as its example and Try it opens on it,
// and the page never asks anything of a host other than the server. A full-page
// screenshot is kept under reports/screenshots for CI to keep.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningMock } from '../../src/server/start-server.js';
import { API_DEFINITION, CONTROL_DEFINITION } from '../../src/pages/reference-page.js';
import { getCompiledControlSpec, getCompiledSpec } from '../../src/spec/compiled-spec.js';
import { keepScreenshot } from '../support/chromium.js';
import { connectChromium } from '../support/shared-chromium.js';
import { defined } from '../support/defined.js';

let running: RunningMock | undefined;
let origin: string;
let browser: Browser | undefined;

beforeAll(async () => {
  running = await startServer({ port: 0, host: '127.0.0.1', now: '2026-11-20T15:00:00Z' });
  origin = new URL(running.baseUrl).origin;
  browser = await connectChromium();
});

afterAll(async () => {
  await browser?.close();
  await running?.close();
});

/** The operation ids Swagger UI shows (an operation with two tags shows twice: counted once). */
async function shownOperationIds(page: Page): Promise<string[]> {
  const ids = await page.locator('.opblock-summary-operation-id').allTextContents();
  return [...new Set(ids.map((id) => id.trim()))].sort();
}

/** The operation ids of a spec's paths and, for the API, of its `webhooks:` (WH6), which Swagger UI lists too. */
function operationIds(spec: typeof getCompiledSpec): string[] {
  const { operations, document } = spec();
  const webhooks = Object.values(
    (document as { webhooks?: Record<string, { post: { operationId: string } }> }).webhooks ?? {},
  );
  return [...operations.map((op) => op.operationId), ...webhooks.map((item) => item.post.operationId)].sort();
}

describe('GET /docs in Chromium', () => {
  it('lists both specs, runs GET /me with the default person token, and stays on this server', async () => {
    const context = await defined(browser, 'the browser').newContext({ viewport: { width: 1280, height: 900 } });
    const requests: string[] = [];
    context.on('request', (request) => requests.push(request.url()));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // A policy violation or a failed load shows as a console error.
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    await page.goto(`${origin}/docs`);
    const api = operationIds(getCompiledSpec);
    await expect.poll(() => shownOperationIds(page)).toEqual(api);

    // Try it on GET /me: the token is already in the Authorize dialog.
    const world = defined(running, 'the server').mock.world;
    const person = defined(world.store.people.get(world.defaultPersonId), 'the default person');
    const getMe = page
      .locator('.opblock')
      .filter({ has: page.locator('.opblock-summary-operation-id', { hasText: /^getMe$/ }) })
      .first();
    await getMe.locator('.opblock-summary').click();
    await getMe.getByRole('button', { name: 'Try it out' }).click();
    await getMe.getByRole('button', { name: 'Execute' }).click();
    const response = getMe.locator('.live-responses-table tr.response');
    await expect.poll(() => response.locator('.response-col_status').textContent()).toContain('200');
    expect(await response.locator('.response-col_description').textContent()).toContain(person.name);
    expect(await getMe.locator('.curl-command').textContent()).toContain(`Bearer ${person.tokens.readWrite}`);

    await keepScreenshot(page, 'docs');
    // What README shows: the answer of Try it, as a visitor sees it.
    await getMe.locator('.responses-wrapper').scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'docs-try-it', false);

    // GET /goals/{id}: the example is a goal of the running world, not Swagger UI's "string" placeholders, and
    // Try it opens on that goal's id, so Execute answers 200 with it.
    const theirs = await fetch(`${origin}/api/v2/goals?people_ids[]=${person.id}&per_page=1`, {
      headers: { authorization: `Bearer ${person.tokens.readWrite}` },
    });
    const [first] = (await theirs.json()) as Array<{ id: string; title: string }>;
    const goal = defined(first, "the default person's first goal");
    const getGoal = page
      .locator('.opblock')
      .filter({ has: page.locator('.opblock-summary-operation-id', { hasText: /^getGoal$/ }) })
      .first();
    await getGoal.locator('.opblock-summary').click();
    const example = getGoal.locator('.responses-table .example.microlight, .responses-table .highlight-code').first();
    await expect.poll(() => example.textContent()).toContain(`"title": ${JSON.stringify(goal.title)}`);
    expect(await example.textContent()).not.toContain('"title": "string"');
    // What README shows beside Try it: an example of the world, as a visitor sees it.
    await example.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'docs-example', false);
    await getGoal.getByRole('button', { name: 'Try it out' }).click();
    expect(await getGoal.locator('tr[data-param-name="id"] input').inputValue()).toBe(goal.id);
    await getGoal.getByRole('button', { name: 'Execute' }).click();
    const answer = getGoal.locator('.live-responses-table tr.response');
    await expect.poll(() => answer.locator('.response-col_status').textContent()).toContain('200');
    expect(await answer.locator('.response-col_description').textContent()).toContain(goal.title);

    // The controls, from the definition dropdown.
    await page.locator('.topbar select').selectOption({ label: CONTROL_DEFINITION });
    const controls = operationIds(getCompiledControlSpec);
    await expect.poll(() => shownOperationIds(page)).toEqual(controls);
    expect(await page.locator('.topbar select option').allTextContents()).toEqual([API_DEFINITION, CONTROL_DEFINITION]);

    expect(errors).toEqual([]);
    const elsewhere = requests.filter((url) => {
      const { protocol, hostname } = new URL(url);
      // data: and blob: URLs are the page's own bytes (Swagger UI's icons), not requests to anyone.
      return !['data:', 'blob:'].includes(protocol) && hostname !== '127.0.0.1';
    });
    expect(elsewhere).toEqual([]);
    expect(requests).toContain(`${origin}/api/v2/me`);
    expect(requests).toContain(`${origin}/api/v2/goals/${goal.id}`);
    await context.close();
  });
});
