// The control dashboard (GET /) in Debian's Chromium, against `standin serve` on a real port: the world's
// counts, the clock moved a day and the check-ins growing, a request made elsewhere showing in the live journal
// with what it sent and got, a snapshot taken and restored, the control token asked for when the server has
// one — and never a request that leaves 127.0.0.1. A screenshot is kept for CI's artifacts.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningMock } from '../../src/cli/serve.js';
import { keepScreenshot, launchChromium } from '../support/chromium.js';

/** A Thursday afternoon: one day on is a weekday, with everyone's check-ins (CI1). */
const THURSDAY = '2026-11-19T15:00:00Z';

let browser: Browser;
const servers: RunningMock[] = [];

beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((server) => server.close()));
});

async function serve(controlToken?: string): Promise<{ running: RunningMock; origin: string }> {
  const running = await startServer({ port: 0, host: '127.0.0.1', now: THURSDAY, controlToken });
  servers.push(running);
  return { running, origin: new URL(running.baseUrl).origin };
}

/** A page that records every request it makes and every error it throws. */
async function openDashboard(origin: string): Promise<{ page: Page; requests: string[]; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const requests: string[] = [];
  const errors: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}/`);
  return { page, requests, errors };
}

const count = async (page: Page, kind: string) =>
  Number((await page.textContent(`#count-${kind}`))?.replaceAll(',', ''));

describe('the dashboard at /', () => {
  it('shows the world, moves the clock, shows requests live, and restores a snapshot', async () => {
    const { running, origin } = await serve();
    const { page, requests, errors } = await openDashboard(origin);
    await page.waitForSelector('#count-check_ins');
    const person = running.mock.world.store.people.get(running.mock.world.defaultPersonId);
    await page.waitForSelector(`#people td:has-text("${person?.name}")`);
    expect(await page.textContent('#people')).toContain(person?.tokens.readOnly);
    expect(await page.textContent('#clock-now')).toBe(THURSDAY);

    await page.fill('#snapshot-name', 'before-friday');
    await page.click('#snapshot-form button');
    await page.waitForSelector('li[data-snapshot="before-friday"]');

    const before = await count(page, 'check_ins');
    await page.fill('#advance-days', '1');
    await page.fill('#advance-hours', '0');
    await page.click('#advance-form button');
    await page.waitForFunction(() => document.querySelector('#clock-now')?.textContent === '2026-11-20T15:00:00Z');
    expect(await count(page, 'check_ins')).toBeGreaterThan(before);

    // A request from elsewhere (the app under development) shows in the journal within a poll or two.
    const [goal] = running.mock.world.store.goalsInOrder();
    const path = `/api/v2/goals/${goal?.id}/goal-updates`;
    const refused = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person?.tokens.readWrite}`, 'content-type': 'application/json' },
      body: JSON.stringify({ confidence: 150 }),
    });
    expect(refused.status).toBe(422);
    const row = page.locator(`#journal tr[data-path="${path}"]`);
    await row.waitFor({ timeout: 5000 });
    expect(await row.getAttribute('data-status')).toBe('422');
    await page.selectOption('#journal-status', '2');
    expect(await row.isHidden()).toBe(true);
    await page.selectOption('#journal-status', '4');
    await row.click();
    const detail = await page.textContent('#journal tr.detail');
    expect(detail).toContain('{"confidence":150}');
    expect(detail).toMatch(/confidence: .*100/);

    await page.click('li[data-snapshot="before-friday"] button:has-text("restore")');
    await page.waitForFunction(() => document.querySelector('#clock-now')?.textContent === '2026-11-19T15:00:00Z');
    expect(await count(page, 'check_ins')).toBe(before);

    // The switches and the clock form send what spec/control.yaml asks: the server says they took.
    const controls = `${origin}/__mock`;
    await page.check('#rate-limit');
    await expect.poll(async () => (await (await fetch(`${controls}/rate-limit`)).json()).enabled).toBe(true);
    await page.check('#faults');
    await expect.poll(async () => (await (await fetch(`${controls}/faults`)).json()).profile).not.toBeNull();
    await page.uncheck('#faults');
    await page.uncheck('#rate-limit');
    await expect.poll(async () => (await (await fetch(`${controls}/faults`)).json()).profile).toBeNull();
    await expect.poll(async () => (await (await fetch(`${controls}/rate-limit`)).json()).enabled).toBe(false);
    await page.fill('#set-clock', '2026-11-19T18:00:00Z');
    await page.click('#set-clock-form button');
    await page.waitForFunction(() => document.querySelector('#clock-now')?.textContent === '2026-11-19T18:00:00Z');
    expect(await page.textContent('#clock-frozen')).toBe('(frozen)');
    expect(await page.textContent('#message')).not.toMatch(/^\d{3} /);

    // A session chosen and then dropped stays dropped: the page's polling must not make it again (MK5).
    await fetch(`${running.baseUrl}/me`, {
      headers: { authorization: `Bearer ${person?.tokens.readWrite}`, 'x-mock-session': 'demo' },
    });
    await page.click('#reset');
    await page.waitForSelector('#session option:text("demo")', { state: 'attached' });
    await page.selectOption('#session', 'demo');
    await page.click('#sessions li:has-text("demo") button:has-text("drop")');
    await page.waitForTimeout(2500);
    expect(await (await fetch(`${controls}/sessions`)).json()).toEqual([]);
    expect(await page.inputValue('#session')).toBe('');

    await keepScreenshot(page, 'dashboard');
    expect(errors).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('with --control-token asks for the token, never shows it, and works once given it', async () => {
    const { origin } = await serve('demo-secret');
    const { page, errors } = await openDashboard(origin);
    await page.waitForSelector('#token-form:not([hidden])');
    expect(await page.content()).not.toContain('demo-secret');
    await page.fill('#token-input', 'demo-secret');
    await page.click('#token-form button');
    await page.waitForSelector('#count-people');
    expect(await count(page, 'people')).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
