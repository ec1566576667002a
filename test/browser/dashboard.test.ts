// The control dashboard (GET /) in Debian's Chromium, against `standin serve` on a real port: the world's
// counts, the clock moved a day and the check-ins growing, a request made elsewhere showing in the live journal
// with who made it and what it sent and got (pretty-printed), a snapshot taken and restored, a reset that waits
// for its confirmation, a running clock that ticks, the "connect your app" box whose snippet runs, the records
// opening as the API gives them, the control token asked for when the server has one — and never a request that
// leaves 127.0.0.1. A screenshot is kept for CI's artifacts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInZone } from '../../src/domain/calendar.js';
import { startServer, type RunningMock, type ServeOptions } from '../../src/server/start-server.js';
import { keepScreenshot } from '../support/chromium.js';
import { connectChromium } from '../support/shared-chromium.js';
import { defined } from '../support/defined.js';
import { examplesOf } from '../support/doc-examples.js';

/** A Thursday afternoon: one day on is a weekday, with everyone's check-ins (CI1). */
const THURSDAY = '2026-11-19T15:00:00Z';

let browser: Browser;
const servers: RunningMock[] = [];
/** The webhook receivers the tests started, closed with the servers. */
const receivers: Server[] = [];

beforeAll(async () => {
  browser = await connectChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((server) => server.close()));
  for (const receiver of receivers) receiver.closeAllConnections();
  await Promise.all(receivers.map((receiver) => new Promise((resolve) => receiver.close(resolve))));
});

async function serve(
  controlToken?: string,
  anyToken?: ServeOptions['anyToken'],
): Promise<{ running: RunningMock; origin: string }> {
  const running = await startServer({ port: 0, host: '127.0.0.1', now: THURSDAY, controlToken, anyToken });
  servers.push(running);
  return { running, origin: new URL(running.baseUrl).origin };
}

/**
 * A page that records every request it makes and every error it throws. With `fakeClock`, Playwright's clock
 * holds the page's timers and performance.now: its time runs on as usual, and a test moves it on at once with
 * `page.clock.runFor` rather than waiting out real seconds.
 */
async function openDashboard(
  origin: string,
  fakeClock = false,
): Promise<{ page: Page; requests: string[]; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  if (fakeClock) await context.clock.install();
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
  it('keeps a switch as the user left it while a refresh asked before the flip comes back late', async () => {
    const { origin } = await serve();
    const { page } = await openDashboard(origin);
    await page.waitForSelector('#count-check_ins');
    // Every read of the fault profile is answered 800 ms after the server gave it: the refresh after ticking is
    // still on its way, with the profile ticked, when the user unticks.
    await page.route('**/__mock/faults', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.fulfill({ response });
    });
    await page.check('#faults');
    await page.uncheck('#faults');
    const seen: boolean[] = [];
    for (let i = 0; i < 40; i++) {
      seen.push(await page.isChecked('#faults'));
      await page.waitForTimeout(50);
    }
    expect(seen.filter(Boolean)).toEqual([]);
    await expect.poll(async () => (await (await fetch(`${origin}/__mock/faults`)).json()).profile).toBeNull();
  });

  it('shows the world, moves the clock, shows requests live, and restores a snapshot', async () => {
    const { running, origin } = await serve();
    const { page, requests, errors } = await openDashboard(origin);
    await page.waitForSelector('#count-check_ins');
    const person = running.mock.world.store.people.get(running.mock.world.defaultPersonId);
    await page.waitForSelector(`#people td:has-text("${person?.name}")`, { state: 'attached' });
    expect(await page.textContent('#people')).toContain(person?.tokens.readOnly);
    // The world's day (its clock may run on from Thursday 15:00 by a second or two).
    expect(await page.textContent('#clock-now')).toMatch(/^2026-11-19T15:/);

    await page.fill('#snapshot-name', 'before-friday');
    await page.click('#snapshot-form button');
    await page.waitForSelector('li[data-snapshot="before-friday"]');

    const before = await count(page, 'check_ins');
    await page.fill('#advance-days', '1');
    await page.fill('#advance-hours', '0');
    await page.click('#advance-form button');
    await page.waitForFunction(() => document.querySelector('#clock-now')?.textContent === '2026-11-20T15:00:00Z');
    expect(await count(page, 'check_ins')).toBeGreaterThan(before);
    // The status line says what the day made happen (MCP6's counts), not only that the clock moved.
    expect(await page.textContent('#message')).toMatch(/^Advanced 1 day\(s\) and 0 hour\(s\): \d+ check-ins made, /);

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
    await row.waitFor({ timeout: 60_000 });
    expect(await row.getAttribute('data-status')).toBe('422');
    await page.selectOption('#journal-status', '2');
    expect(await row.isHidden()).toBe(true);
    await page.selectOption('#journal-status', '4');
    // Who made it (the person the token named, never the token), and the bodies pretty-printed.
    expect(await row.locator('td.who').textContent()).toBe(person?.name);
    expect(await row.textContent()).not.toContain(person?.tokens.readWrite);
    await row.click();
    const detail = await page.textContent('#journal tr.detail');
    expect(await page.textContent('#journal tr.detail pre')).toBe('{\n  "confidence": 150\n}');
    expect(detail).toContain(`by ${person?.name} (${person?.id})`);
    expect(detail).toMatch(/confidence: .*100/);
    expect(detail).toContain('\n  "status": 422,\n');
    // MCP6: what decided the answer, asked for as the row opened: the parameter G8 refused.
    const why = page.locator('#journal tr.detail .why');
    await page.waitForFunction(() => document.querySelector('#journal tr.detail .why')?.textContent !== 'why: …');
    expect(await why.textContent()).toMatch(
      /^why: Validation \(G8\) refused the body parameter "confidence": confidence .*100.*\(source: decided\)$/,
    );

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
    // Reset asks first: kept, a write made meanwhile stays; confirmed, it is gone (MK2).
    const posted = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person?.tokens.readWrite}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Before the reset', confidence: 80 }),
    });
    expect(posted.status).toBe(201);
    const update = `${running.baseUrl}/goal-updates/${((await posted.json()) as { id: string }).id}`;
    const read = async () =>
      (await fetch(update, { headers: { authorization: `Bearer ${person?.tokens.readWrite}` } })).status;
    await page.click('#reset');
    await page.waitForSelector('#reset-dialog[open]');
    expect(await page.textContent('#reset-world')).toBe('the shared world');
    await page.click('#reset-cancel');
    await page.waitForSelector('#reset-dialog:not([open])', { state: 'attached' });
    expect(await read()).toBe(200);
    await page.click('#reset');
    await page.click('#reset-confirm');
    await expect.poll(read).toBe(404);
    await page.waitForSelector('#session option:text("demo")', { state: 'attached' });
    // The page's requests in demo's world are held until the drop has begun, as a busy box may answer them late:
    // one that lands after the DELETE would make demo again (MK5), so the page must wait for them first.
    const sessionDelete = `${controls}/sessions/demo`;
    let heldNow = 0;
    let heldAtDelete: number | null = null;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/*', async (route) => {
      const request = route.request();
      if (request.method() === 'DELETE' && request.url() === sessionDelete) {
        heldAtDelete = heldNow;
        release();
      } else if (request.headers()['x-mock-session'] === 'demo') {
        heldNow++;
        await released;
        heldNow--;
      }
      await route.continue();
    });
    await page.selectOption('#session', 'demo');
    await expect.poll(() => heldNow).toBeGreaterThan(0);
    await page.click('#sessions li:has-text("demo") button:has-text("drop")');
    // Released once the DELETE is sent (the page did not wait) or the page says it waits for them.
    await Promise.race([
      released,
      page.waitForFunction(() => document.querySelector('#message')?.textContent?.startsWith('Dropping demo')),
    ]);
    release();
    // Waited for as events, not for a time: the drop reaching the server, then the page choosing the shared world.
    await expect.poll(() => heldAtDelete).toBe(0);
    await expect.poll(async () => (await fetch(`${controls}/sessions`)).json()).toEqual([]);
    await expect.poll(() => page.inputValue('#session')).toBe('');
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    expect(errors).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    await page.context().close();
  });

  it('shows the body fields a write ignored (G7), each with the field likely meant', async () => {
    const { running, origin } = await serve();
    const { page, errors } = await openDashboard(origin);
    const person = defined(running.mock.world.store.people.get(running.mock.world.defaultPersonId), 'a person');
    const [goal] = running.mock.world.store.goalsInOrder();
    const path = `/api/v2/goals/${goal?.id}/goal-updates`;
    const written = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person.tokens.readWrite}`, 'content-type': 'application/json' },
      body: JSON.stringify({ progress: 40, confidance: 60 }),
    });
    expect(written.status).toBe(201);
    const row = page.locator(`#journal tr[data-path="${path}"]`);
    await row.waitFor({ timeout: 60_000 });
    expect(await row.getAttribute('data-ignored')).toBe('1');
    expect(await row.locator('td').nth(4).textContent()).toBe('201 (1 ignored)');
    await row.click();
    expect(await page.textContent('#journal tr.detail .ignored')).toBe(
      'ignored, not written (G7): confidance (did you mean confidence?)',
    );
    expect(errors).toEqual([]);
  });

  it('follows GET /__mock/events: a change another client makes shows at once, with no poll that could read it', async () => {
    const { running, origin } = await serve();
    const { page, requests, errors } = await openDashboard(origin);
    await page.waitForSelector('#count-check_ins');
    await expect.poll(() => requests.filter((url) => url === `${origin}/__mock/events`).length).toBe(1);
    await expect.poll(() => running.mock.feed?.size ?? 0, { timeout: 30_000 }).toBe(1);
    // Another client moves the clock: the journal, which is all the page's timer reads, never lists a control,
    // so only the stream can bring the new instant, and the check-ins the new day made, to the page.
    const before = await count(page, 'check_ins');
    const moved = await fetch(`${origin}/__mock/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"days":1}',
    });
    expect(moved.status).toBe(200);
    await expect.poll(() => page.textContent('#clock-now'), { timeout: 30_000 }).toBe('2026-11-20T15:00:00Z');
    await expect.poll(() => count(page, 'check_ins'), { timeout: 30_000 }).toBeGreaterThan(before);
    // The page gone, its stream is too, and the server listens no more.
    await page.context().close();
    await expect.poll(() => running.mock.feed?.size ?? 0, { timeout: 30_000 }).toBe(0);
    expect(running.mock.events.listenerCount('clock:moved')).toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows each request once when looks at the journal overlap (the stream and the timer both ask)', async () => {
    const { running, origin } = await serve();
    const { page, errors } = await openDashboard(origin);
    await page.waitForSelector('#count-check_ins');
    await expect.poll(() => running.mock.feed?.size ?? 0, { timeout: 30_000 }).toBe(1);
    // Every look answers late, so the look each request's event asks for starts while the one before waits:
    // looks that did not wait for each other asked after the same seq and showed an entry twice.
    let looking = 0;
    await page.route(`${origin}/__mock/requests?*`, async (route) => {
      looking++;
      await new Promise((resolve) => setTimeout(resolve, 400));
      try {
        await route.fulfill({ response: await route.fetch() });
      } catch {
        // The page closed while this look waited (the test is over): nothing is left to answer.
      } finally {
        looking--;
      }
    });
    const token = running.mock.world.store.people.get(running.mock.world.defaultPersonId)!.tokens.readWrite;
    for (let i = 0; i < 4; i++) {
      const answer = await fetch(`${running.baseUrl}/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(answer.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 120));
    }
    const seqs = () =>
      page.$$eval('#journal tbody tr[data-seq]', (rows) => rows.map((row) => (row as HTMLElement).dataset.seq));
    // Once the page shows the journal's last request and no look is under way, every look has landed.
    const last = String(running.mock.journal.last);
    await expect.poll(async () => looking === 0 && (await seqs()).includes(last), { timeout: 30_000 }).toBe(true);
    const shown = await seqs();
    expect(new Set(shown).size).toBe(shown.length);
    expect(errors).toEqual([]);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.context().close();
  });

  it('connects an app: base URL, the default person token, a fetch that runs, and README’s MSW block', async () => {
    const { running, origin } = await serve();
    const { page, errors } = await openDashboard(origin);
    const person = defined(running.mock.world.store.people.get(running.mock.world.defaultPersonId), 'the person');
    await page.waitForFunction(() => document.querySelector('#connect-token')?.textContent?.startsWith('rw_'));
    expect(await page.textContent('#connect-base')).toBe(running.baseUrl);
    expect(await page.textContent('#connect-token')).toBe(person.tokens.readWrite);
    expect(await page.textContent('#connect-person')).toContain(person.name);
    expect(await page.isHidden('#connect-any-token')).toBe(true);

    // The fetch snippet as printed, run against the server: it logs the default person's name.
    const snippet = defined(await page.textContent('#connect-fetch'), 'the fetch snippet');
    const logged: unknown[] = [];
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
      ...args: string[]
    ) => (console: { log: (...values: unknown[]) => void }) => Promise<void>;
    await new AsyncFunction('console', snippet)({ log: (...values) => logged.push(...values) });
    expect(logged).toEqual([person.name]);

    // The MSW snippet is README's block, which test/browser/browser.test.ts runs in Chromium.
    const readme = defined(
      examplesOf('README.md').find((e) => e.kind === 'browser'),
      'README.md: a block marked <!-- example: browser -->',
    );
    expect(await page.textContent('#connect-msw')).toBe(readme.code);

    // Copy puts the token on the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await page.click('#connect button[data-copy="connect-token"]');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(person.tokens.readWrite);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('DG1, AI1, WH5: the digest, the action items and the webhook deliveries each change as the world does', async () => {
    const { running, origin } = await serve();
    // A real receiver on this machine: it answers every delivery 204 and counts them.
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(String(req.headers['webhook-id']));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receivers.push(receiver);
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const subscribed = await fetch(`${origin}/__mock/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: hookUrl, events: ['check-in.completed'] }),
    });
    expect(subscribed.status).toBe(201);
    const { page, requests, errors } = await openDashboard(origin);
    await expect.poll(() => running.mock.feed?.size ?? 0, { timeout: 30_000 }).toBe(1);
    const { store } = running.mock.world;
    const me = defined(store.people.get(running.mock.world.defaultPersonId), 'the default person');
    const checkIn = defined(
      store.checkInOf(me.id, dateInZone(running.mock.world.now(), me.timeZone)),
      "the default person's check-in of today",
    );
    expect(checkIn.completedAt).toBeNull();
    const teammate = defined(
      store.peopleInOrder.find((p) => p.id !== me.id && p.teamIds.some((t) => me.teamIds.includes(t))),
      'a teammate',
    );
    const as = (person: typeof me, method: string, path: string, body: unknown) =>
      fetch(`${running.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${person.tokens.readWrite}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    // AI2: today's open check-in is an item, with its due day and its edit link.
    const item = page.locator(`#action-items tr[data-kind="check-in"][data-resource="${checkIn.id}"]`);
    await item.waitFor();
    expect(await item.locator('a').getAttribute('href')).toMatch(new RegExp(`/check-ins/${checkIn.id}/edit$`));
    expect(await page.textContent('#webhooks-subscriptions')).toBe(`1 subscription: ${hookUrl}`);
    expect(await page.locator('#webhooks tbody tr[data-delivery]').count()).toBe(0);

    // DG2: a teammate's comment on it lands on top of the default person's digest.
    const commented = await as(teammate, 'POST', `/check-ins/${checkIn.id}/comments`, {
      body: 'Looks good from here.',
    });
    expect(commented.status).toBe(201);
    const comment = (await commented.json()) as { id: string };
    await page.waitForSelector(`#digest tbody tr:first-child[data-category="comment"][data-resource="${comment.id}"]`);

    // AI2: completing the check-in removes its item; WH2: its check-in.completed delivery shows as succeeded.
    expect((await as(me, 'PATCH', `/check-ins/${checkIn.id}`, { intentions: 'Ship the panels' })).status).toBe(200);
    await item.waitFor({ state: 'detached' });
    const deliveries = page.locator('#webhooks tbody tr[data-delivery]');
    await page.waitForSelector('#webhooks tbody tr[data-status="succeeded"]');
    expect(await deliveries.count()).toBe(1);
    expect(await deliveries.first().textContent()).toMatch(/^check-in\.completedsucceeded1—/);

    // WH5: redeliver sends it again, as a new delivery of the same event.
    await deliveries.first().locator('button:has-text("redeliver")').click();
    await expect.poll(() => page.locator('#webhooks tbody tr[data-status="succeeded"]').count()).toBe(2);
    expect(received).toHaveLength(2);
    expect(received[1]).toBe(received[0]);

    expect(errors).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    await keepScreenshot(page, 'dashboard-digest-webhooks');
    await page.context().close();
  });

  it('in any-token mode (MK7) says whom a request with any other token, or none, is answered as', async () => {
    const { running, origin } = await serve(undefined, true);
    const { page, errors } = await openDashboard(origin);
    const person = defined(running.mock.world.store.people.get(running.mock.world.defaultPersonId), 'the person');
    await page.waitForSelector('#connect-any-token:not([hidden])');
    expect(await page.textContent('#connect-any-token')).toContain(`answered as ${person.name} (@${person.username})`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('lists goals, people and today’s check-ins, each opening its JSON as the API gives it, ids linked', async () => {
    const { running, origin } = await serve();
    const { page, requests, errors } = await openDashboard(origin);
    const world = running.mock.world;
    const person = defined(world.store.people.get(world.defaultPersonId), 'the default person');
    const asPerson = async (path: string) =>
      (
        await fetch(`${running.baseUrl}${path}`, { headers: { authorization: `Bearer ${person.tokens.readWrite}` } })
      ).json() as Promise<Record<string, unknown>>;
    await page.waitForSelector('#goals-list li');
    await page.waitForSelector('#people-list li');
    await page.waitForSelector('#check-ins-list li button');
    expect(await page.textContent('#records-person')).toBe(person.name);
    // Thursday's check-ins where the default person is: the page asked the API for that day.
    const me = await asPerson('/me');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: String(me.time_zone) }).format(new Date(THURSDAY));
    expect(await page.textContent('#today')).toBe(today);
    const checkIns = (await asPerson(`/check-ins?since=${today}&until=${today}&per_page=50`)) as unknown as Array<{
      id: string;
    }>;
    expect(await page.locator('#check-ins-list li').count()).toBe(checkIns.length);

    // The goals open first (a demo's reader sees this quarter's, not May's at 100%), then the finished ones.
    const goals = (await asPerson('/goals?per_page=50')) as unknown as Array<{
      id: string;
      owner: { id: string };
      progress: number;
      archived: boolean;
    }>;
    const listed = await page.$$eval('#goals-list li > button:first-child', (buttons) =>
      buttons.map((b) => b.getAttribute('data-record')),
    );
    // Whose count it is, beside the world's count of all goals (a stranger read "Goals (22)" against "goals 30").
    expect(await page.textContent('#goals-count')).toBe(`(${goals.length} ${person.name} can see)`);
    const isOpen = (g: { progress: number; archived: boolean }) => !g.archived && g.progress < 100;
    const byId = new Map(goals.map((g) => [`/goals/${g.id}`, g]));
    const openness = listed.map((path) => isOpen(defined(byId.get(path ?? ''), 'a listed goal')));
    expect(openness.some((open) => !open) && openness.some((open) => open)).toBe(true);
    expect(openness).toEqual([...openness].sort((a, b) => Number(b) - Number(a)));
    // The first goal listed, opened: exactly what GET /goals/{id} answers them.
    const first = defined(byId.get(listed[0] ?? ''), 'a goal');
    await page.click(`#goals-list li:first-child button[data-record="/goals/${first.id}"] >> nth=0`);
    await page.waitForSelector(`#record-json[data-record="/goals/${first.id}"]`);
    await page.waitForFunction(() => document.querySelector('#record-json')?.textContent?.startsWith('{'));
    expect(await page.textContent('#record-request')).toBe(`GET /api/v2/goals/${first.id}`);
    const shown = defined(await page.textContent('#record-json'), 'the record');
    const goalRead = await asPerson(`/goals/${first.id}`);
    expect(JSON.parse(shown)).toEqual(goalRead);
    expect(shown).toContain('\n  "id": ');

    // A slow answer never shows over a later one, nor is named as shown before it is drawn: the owner's read held
    // back, the goal opened again meanwhile (its own id is a link) stays, and stays named, once the owner's arrives.
    const ownerRead = `${origin}/__mock/read?path=${encodeURIComponent(`/api/v2/people/${first.owner.id}`)}`;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(ownerRead, async (route) => {
      await held;
      await route.continue();
    });
    await page.click(`#record-json button[data-record="/people/${first.owner.id}"]`);
    await page.waitForSelector('#record-json[aria-busy="true"]:not([data-record])');
    await page.click(`#record-json button[data-record="/goals/${first.id}"]`);
    await page.waitForSelector(`#record-json[data-record="/goals/${first.id}"]:not([aria-busy])`);
    release();
    // The owner's answer arrives and is let go (data-dropped names it), the goal still shown.
    await page.waitForSelector(`#record-json[data-dropped="/people/${first.owner.id}"]`);
    await page.unroute(ownerRead);
    expect(await page.getAttribute('#record-json', 'data-record')).toBe(`/goals/${first.id}`);
    expect(JSON.parse(defined(await page.textContent('#record-json'), 'the goal'))).toEqual(goalRead);

    // Its owner's id is a link to the owner.
    await page.click(`#record-json button[data-record="/people/${first.owner.id}"]`);
    await page.waitForSelector(`#record-json[data-record="/people/${first.owner.id}"]`);
    const owner = (await asPerson(`/people/${first.owner.id}`)) as unknown as { bio: string | null };
    const ownerShown = defined(await page.textContent('#record-json'), 'the owner');
    expect(JSON.parse(ownerShown)).toEqual(owner);
    // PT1: a bio is HTML, and the record view shows it as the text it is, drawing none of its markup.
    expect(owner.bio).toMatch(/^<p>/);
    expect(ownerShown).toContain(`"bio": ${JSON.stringify(owner.bio)}`);
    expect(await page.locator('#record-json p, #record-json strong, #record-json em').count()).toBe(0);

    // The page read those through GET /__mock/read (the default person's read-only view, outside the limits and
    // faults), never /api/v2 itself; the journal keeps its reads out of sight unless asked for, and shows what
    // anyone else did (this test's two reads of the goal, beside the page's two).
    expect(requests).toContain(`${origin}/__mock/read?path=${encodeURIComponent(`/api/v2/goals/${first.id}`)}`);
    expect(requests.filter((url) => url.startsWith(`${origin}/api/v2/`))).toEqual([]);
    await fetch(`${running.baseUrl}/goals/${first.id}`, {
      headers: { authorization: `Bearer ${person.tokens.readWrite}` },
    });
    const rows = page.locator(`#journal tr[data-path="/api/v2/goals/${first.id}"]`);
    await expect.poll(() => rows.count()).toBe(4);
    const visible = page.locator(`#journal tr[data-path="/api/v2/goals/${first.id}"]:visible`);
    expect(await visible.count()).toBe(2);
    expect(await page.locator(`#journal tr[data-path="/api/v2/goals/${first.id}"][data-own]`).count()).toBe(2);
    await page.check('#journal-own');
    expect(await visible.count()).toBe(4);
    await page.uncheck('#journal-own');

    // What README shows: a goal update by the default person, open in the journal, and a goal open beside it.
    const posted = await fetch(`${running.baseUrl}/goals/${first.id}/goal-updates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person.tokens.readWrite}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Week 47', body: 'Load tests pass.', confidence: 74 }),
    });
    expect(posted.status).toBe(201);
    const update = page.locator('#journal tr[data-status="201"]');
    await update.waitFor();
    await update.click();
    await page.click(`#goals-list li:first-child button[data-record="/goals/${first.id}"] >> nth=0`);
    await page.waitForFunction(() => document.querySelector('#record-json')?.textContent?.startsWith('{'));
    await keepScreenshot(page, 'dashboard');
    expect(errors).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    await page.context().close();
  });

  it('shows the last day with check-ins on a day no team checks in on, and says so', async () => {
    const { running, origin } = await serve();
    const advanced = await fetch(`${origin}/__mock/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ days: 2 }),
    });
    expect(advanced.status).toBe(200);
    const { page, errors } = await openDashboard(origin);
    await page.waitForSelector('#check-ins-list li button');
    const person = defined(running.mock.world.store.people.get(running.mock.world.defaultPersonId), 'the person');
    const me = (await (
      await fetch(`${running.baseUrl}/me`, { headers: { authorization: `Bearer ${person.tokens.readWrite}` } })
    ).json()) as { time_zone: string };
    const saturday = new Intl.DateTimeFormat('en-CA', { timeZone: me.time_zone }).format(
      new Date(Date.parse(THURSDAY) + 2 * 86_400_000),
    );
    // Saturday where the default person is: Friday's check-ins, the page saying none are due today.
    expect(await page.textContent('#today')).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\(none on ${saturday}\\)$`));
    expect(await page.locator('#check-ins-list li button').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('ticks a running clock every second, and says a frozen one is frozen', async () => {
    const { origin } = await serve();
    const controls = `${origin}/__mock/clock`;
    const put = (now: string, frozen: boolean) =>
      fetch(controls, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ now, frozen }),
      });
    expect((await put('2026-11-19T16:00:00Z', false)).status).toBe(200);
    const { page, errors } = await openDashboard(origin, true);
    await page.waitForFunction(() => document.querySelector('#clock-frozen')?.textContent === '(running)');
    // From here the page cannot read the world again (its journal polls would, after its own reads): only its
    // own tick can move the clock on, and two seconds of the page's time hold at least one tick.
    await page.route('**/__mock/world', (route) => route.abort());
    const first = await page.textContent('#clock-now');
    await page.clock.runFor(2000);
    expect(Date.parse(defined(await page.textContent('#clock-now'), 'the clock'))).toBeGreaterThan(
      Date.parse(defined(first, 'the clock')),
    );
    await page.context().close();

    expect((await put('2026-11-19T17:00:00Z', true)).status).toBe(200);
    const frozen = await openDashboard(origin, true);
    await frozen.page.waitForFunction(() => document.querySelector('#clock-frozen')?.textContent === '(frozen)');
    expect(await frozen.page.textContent('#clock-now')).toBe('2026-11-19T17:00:00Z');
    await frozen.page.clock.runFor(2500);
    expect(await frozen.page.textContent('#clock-now')).toBe('2026-11-19T17:00:00Z');
    expect([...errors, ...frozen.errors]).toEqual([]);
    await frozen.page.context().close();
  });

  it('with --control-token asks for the token, never shows it, and works once given it', async () => {
    const { running, origin } = await serve('demo-secret-token');
    const { page, errors } = await openDashboard(origin);
    await page.waitForSelector('#token-form:not([hidden])');
    expect(await page.content()).not.toContain('demo-secret-token');
    // No person's token either until the control token is given: they are behind it (MK1).
    expect(await page.textContent('#connect-token')).toBe('…');
    // The header says what the page waits for, and the clock shows no time it has not read (not 1970), also once
    // its second's tick has written it again (the tick replaces the text node: a mutation, whatever it writes).
    expect(await page.textContent('#summary')).toContain('control token');
    const ticked = await page.evaluate(
      () =>
        new Promise<string | null>((resolve) => {
          const shown = document.querySelector('#clock-now')!;
          new MutationObserver((_, observer) => {
            observer.disconnect();
            resolve(shown.textContent);
          }).observe(shown, { childList: true, characterData: true, subtree: true });
        }),
    );
    expect(ticked).toBe('…');
    await page.fill('#token-input', 'demo-secret-token');
    await page.click('#token-form button');
    await page.waitForSelector('#count-people');
    expect(await count(page, 'people')).toBeGreaterThan(0);
    expect(await page.textContent('#summary')).toMatch(/^seed \d+ · small world/);
    // The world's day (its clock may run on from Thursday 15:00 by a second or two).
    expect(await page.textContent('#clock-now')).toMatch(/^2026-11-19T15:/);
    const person = running.mock.world.store.people.get(running.mock.world.defaultPersonId);
    await page.waitForFunction(() => document.querySelector('#connect-token')?.textContent?.startsWith('rw_'));
    expect(await page.textContent('#connect-token')).toBe(person?.tokens.readWrite);
    await page.waitForSelector('#goals-list li');
    // DG1, AI1, WH5: the new panels read through the token too (the digest and items as the default person).
    await page.waitForSelector('#digest tbody tr[data-category]');
    await page.waitForSelector('#action-items tbody tr[data-kind]');
    await page.waitForFunction(() =>
      document.querySelector('#webhooks-subscriptions')?.textContent?.startsWith('No subscription'),
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('what the dashboard says is in force, and its own reads', () => {
  /** A server with these options besides the page's usual ones. */
  async function serveWith(options: Partial<ServeOptions>): Promise<{ running: RunningMock; origin: string }> {
    const running = await startServer({ port: 0, host: '127.0.0.1', now: THURSDAY, ...options });
    servers.push(running);
    return { running, origin: new URL(running.baseUrl).origin };
  }

  const inForce = async (page: Page) => {
    await page.waitForSelector('#in-force li');
    return page.locator('#in-force li').allTextContents();
  };

  it('says a latency-only profile (--latency uniform:50-300) in words, the preset unticked', async () => {
    const { origin } = await serveWith({
      faults: { rules: [{ latency: { kind: 'uniform', min_ms: 50, max_ms: 300 } }] },
    });
    const { page, errors } = await openDashboard(origin);
    expect(await inForce(page)).toContain('faults (MK6): every request to /api/v2: 50–300 ms, uniform; no faults');
    expect(await page.isChecked('#faults')).toBe(false);
    expect(await page.locator('#fault-rules li').allTextContents()).toEqual([
      'every request to /api/v2: 50–300 ms, uniform; no faults',
    ]);
    // Ticking puts the preset in its place: then, and only then, the switch is ticked.
    await page.check('#faults');
    await page.waitForFunction(() => document.querySelector('#fault-rules')?.childElementCount === 0);
    expect(await page.isChecked('#faults')).toBe(true);
    expect(await page.textContent('#faults-state')).toBe('in force');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('switches whom the world lives for as the clock moves (LW7), and says it', async () => {
    const { origin } = await serveWith({});
    const { page, errors } = await openDashboard(origin);
    expect(await inForce(page)).toContain(
      'the team as the clock moves (LW6): goes on (check-ins, updates, comments), the default person left to you',
    );
    expect(await page.inputValue('#simulate')).toBe('others');
    await page.selectOption('#simulate', 'none');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#in-force li')].some((li) => li.textContent?.includes('stands still')),
    );
    const world = (await (await fetch(`${origin}/__mock/world`)).json()) as { simulate: string };
    expect(world.simulate).toBe('none');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says strict mode (--strict), and lenient mode otherwise', async () => {
    const strict = await serveWith({ strict: true, anyToken: true });
    const { page, errors } = await openDashboard(strict.origin);
    const lines = await inForce(page);
    expect(lines).toContain('strict mode (G7): unknown and read-only body fields refused with 422');
    expect(lines.some((line) => line.startsWith('any-token mode (MK7): any token, or none, answered as'))).toBe(true);
    expect(lines).toContain('clock (MK4): frozen at 2026-11-19T15:00:00Z');
    expect(errors).toEqual([]);
    await page.context().close();
    const lenient = await openDashboard((await serveWith({})).origin);
    expect(await inForce(lenient.page)).toContain('lenient (G7): unknown and read-only body fields ignored');
    await lenient.page.context().close();
  });

  it('loads every panel with its data under rate limits and a profile of 100% 503, its reads its own', async () => {
    const { running, origin } = await serveWith({
      rateLimit: true,
      faults: { rules: [{ faults: [{ kind: 'error', status: 503, rate: 1, retry_after: 1 }] }] },
    });
    const { page, errors } = await openDashboard(origin);
    const lines = await inForce(page);
    expect(lines).toContain("rate limits (G14): on, production's");
    expect(lines).toContain(
      'faults (MK6): every request to /api/v2: no added latency; 100% answered 503 with Retry-After: 1',
    );
    // The records, the digest and the action items, read many times over the rate limit's burst: all there.
    await page.waitForSelector('#goals-list li');
    await page.waitForSelector('#people-list li');
    await page.waitForSelector('#digest tbody tr[data-category]');
    await page.waitForSelector('#action-items tbody tr[data-kind]');
    for (let i = 0; i < 3; i++) {
      await page.click('#records-refresh');
      await page.waitForSelector('#goals-list li');
    }
    expect(await page.textContent('#message')).not.toMatch(/Could not/);
    // The app meets the faults all the same.
    const person = defined(running.mock.world.store.people.get(running.mock.world.defaultPersonId), 'the person');
    const app = await fetch(`${running.baseUrl}/me`, {
      headers: { authorization: `Bearer ${person.tokens.readWrite}` },
    });
    expect(app.status).toBe(503);
    // Every read of the page is marked its own in the journal, the app's request not.
    const journal = (await (await fetch(`${origin}/__mock/requests?limit=200`)).json()) as Array<{
      path: string;
      own_read: boolean;
    }>;
    expect(journal.filter((entry) => !entry.own_read).map((entry) => entry.path)).toEqual(['/api/v2/me']);
    expect(journal.filter((entry) => entry.own_read).length).toBeGreaterThan(6);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
