// GET /: the control dashboard of the running world, for whoever runs a demo or debugs a frontend — first the
// request journal live (who made each request, what it sent and got, pretty-printed), the records as the default
// person sees them (goals, people, today's check-ins, each opening its JSON by id), their digest and action
// items, the world's webhook deliveries (each to redeliver) and how to connect an app; beside them the clock
// (ticking), reset (confirmed) and snapshots, what is in force (every option that changes answers) and its
// switches, sessions and counts; last, every person's tokens. The page is a shell rendered here with hono/jsx;
// everything it shows and does goes through /__mock from its script (its reads of /api/v2 through
// GET /__mock/read, outside the world's rate limits and faults; the modules of dashboard/, bundled at build time
// into one file), so anything done here can be done with curl as well.
import { Hono } from 'hono';
import { html } from 'hono/html';
import { problemResponse } from '../http/problem.js';
import { MSW_SNIPPET } from './connect-snippets.js';
import { dashboardScript } from './dashboard-script.js';
import { DASHBOARD_STYLE } from './dashboard-style.js';
import type { PagesOptions } from './page-options.js';

function Section(props: { id: string; title: string; children?: unknown }) {
  return (
    <section id={props.id}>
      <h2>{props.title}</h2>
      {props.children}
    </section>
  );
}

/** A button that copies the text of the element `target` names (the script wires it). */
function Copy(props: { target: string }) {
  return (
    <button type="button" class="copy" data-copy={props.target}>
      copy
    </button>
  );
}

function Journal() {
  return (
    <Section id="journal-section" title="Requests to /api/v2, live">
      <p class="filters">
        <label>
          status{' '}
          <select id="journal-status">
            <option value="">any</option>
            <option value="2">2xx</option>
            <option value="3">3xx</option>
            <option value="4">4xx</option>
            <option value="5">5xx</option>
          </select>
        </label>{' '}
        <label>
          path <input id="journal-path" type="text" placeholder="/api/v2/goals" />
        </label>{' '}
        <label title="The records below are read through GET /__mock/read, as /api/v2 answers them: those requests are this page's own">
          <input id="journal-own" type="checkbox" /> this page's own reads
        </label>
      </p>
      <div class="journal-scroll">
        <table id="journal">
          <thead>
            <tr>
              <th>#</th>
              <th>at</th>
              <th>who</th>
              <th>request</th>
              <th>status</th>
              <th>ms</th>
              <th>session</th>
            </tr>
          </thead>
          <tbody></tbody>
        </table>
      </div>
      <p id="journal-empty" class="empty">
        Nothing yet: requests to /api/v2 show here as they come, newest on top; click one for what it sent and got.
      </p>
    </Section>
  );
}

/** One kind's records under its title and count; the script fills `<kind>-count` and `<kind>-list`. */
function RecordList(props: { kind: string; children: unknown }) {
  return (
    <div>
      <h3>
        {props.children} <span id={`${props.kind}-count`} class="count"></span>
      </h3>
      <ul id={`${props.kind}-list`}></ul>
    </div>
  );
}

function Records() {
  return (
    <Section id="records" title="Goals, people and today's check-ins">
      <p class="hint">
        As <span id="records-person">the default person</span> sees them, read as /api/v2 answers that person's
        read-only token (through GET /__mock/read: outside the rate limits, faults and overrides your app meets). Click
        a record for its JSON; the ids in it open theirs.{' '}
        <button id="records-refresh" type="button">
          read again
        </button>
      </p>
      <div class="record-lists">
        <RecordList kind="goals">Goals</RecordList>
        <RecordList kind="people">People</RecordList>
        <RecordList kind="check-ins">
          Check-ins of <span id="today">today</span>
        </RecordList>
      </div>
      <div id="record-view" hidden>
        <h3>
          <code id="record-request"></code> <span id="record-status"></span>
        </h3>
        <pre id="record-json"></pre>
      </div>
    </Section>
  );
}

/** A table with its column headers and an empty body the script fills (table semantics for screen readers). */
function Listing(props: { id: string; columns: readonly string[] }) {
  return (
    <table id={props.id}>
      <thead>
        <tr>
          {props.columns.map((column) => (
            <th scope="col">{column}</th>
          ))}
        </tr>
      </thead>
      <tbody></tbody>
    </table>
  );
}

/** DG1: the default person's newest digest entries; AI1: their open items (both read as /api/v2 answers them). */
function PersonsDigest() {
  return (
    <>
      <Section id="digest-section" title="Digest">
        <p class="hint">
          <span id="digest-person">The default person</span>'s digest (GET /api/v2/digest), the newest entries first.
        </p>
        <Listing id="digest" columns={['category', 'published', 'record']} />
      </Section>
      <Section id="action-items-section" title="Action items">
        <p class="hint">
          What <span id="action-items-person">the default person</span> has to do (GET /api/v2/action-items).
        </p>
        <Listing id="action-items" columns={['kind', 'due', 'title', 'link']} />
      </Section>
    </>
  );
}

/** WH5: the world's newest webhook deliveries, each to redeliver. */
function Deliveries() {
  return (
    <Section id="webhooks-section" title="Webhook deliveries">
      <p id="webhooks-subscriptions" class="hint"></p>
      <Listing id="webhooks" columns={['event', 'status', 'attempts', 'next retry', 'redeliver']} />
    </Section>
  );
}

function Connect() {
  return (
    <Section id="connect" title="Connect your app">
      <dl class="connect">
        <dt>base URL</dt>
        <dd>
          <code id="connect-base">…</code> <Copy target="connect-base" />
        </dd>
        <dt>token</dt>
        <dd>
          <code id="connect-token">…</code> <Copy target="connect-token" />
          <br />
          <small id="connect-person">read-write, of the default person</small>
        </dd>
      </dl>
      <p id="connect-any-token" class="hint" hidden></p>
      <h3>
        From your app, against this server <Copy target="connect-fetch" />
      </h3>
      <pre id="connect-fetch" class="snippet"></pre>
      <h3>
        Or inside your app's page, with no server (MSW) <Copy target="connect-msw" />
      </h3>
      <p class="hint">
        A world of its own in the browser, not this one: with standin and msw installed and{' '}
        <code>npx msw init public</code> run once (docs/browser.md).
      </p>
      <pre id="connect-msw" class="snippet">
        {MSW_SNIPPET}
      </pre>
    </Section>
  );
}

function Controls() {
  return (
    <>
      <Section id="clock" title="Clock">
        <p>
          Now <strong id="clock-now">…</strong> <span id="clock-frozen"></span>
        </p>
        <form id="advance-form">
          Advance by <input id="advance-days" type="number" min="0" value="1" /> days{' '}
          <input id="advance-hours" type="number" min="0" value="0" /> hours <button type="submit">Advance</button>
        </form>
        <form id="set-clock-form">
          Set to <input id="set-clock" type="text" placeholder="2026-11-27T09:00:00Z" size={22} />{' '}
          <button type="submit">Set</button>
        </form>
      </Section>
      <Section id="state" title="Reset and snapshots">
        <p>
          <button id="reset" type="button">
            Reset the world…
          </button>
        </p>
        <dialog id="reset-dialog" aria-labelledby="reset-question">
          <p id="reset-question">
            Reset <strong id="reset-world">the shared world</strong>? Every change made to it since it was generated is
            thrown away (MK2): goals, updates, check-ins filled in, answers. Snapshots stay.
          </p>
          <p class="dialog-buttons">
            <button id="reset-cancel" type="button">
              Keep the world
            </button>{' '}
            <button id="reset-confirm" type="button">
              Reset
            </button>
          </p>
        </dialog>
        <form id="snapshot-form">
          <input id="snapshot-name" type="text" placeholder="before-demo" pattern="[A-Za-z0-9._-]{1,64}" />{' '}
          <button type="submit">Take a snapshot</button>
        </form>
        <ul id="snapshots"></ul>
      </Section>
      <Section id="world" title="World">
        <dl id="counts"></dl>
      </Section>
      <Section id="switches" title="In force: options, rate limits, faults, overrides">
        <ul id="in-force"></ul>
        <p>
          <label>
            the team as the clock moves (LW6, LW7):{' '}
            <select id="simulate">
              <option value="others">goes on, all but you</option>
              <option value="all">goes on, you too</option>
              <option value="none">stands still</option>
            </select>
          </label>
        </p>
        <p>
          <label>
            <input id="rate-limit" type="checkbox" /> production's rate limits (G14)
          </label>
        </p>
        <p>
          <label>
            <input id="faults" type="checkbox" /> a slow, flaky API: 200–800 ms, 10% 503 (MK6)
          </label>{' '}
          <span id="faults-state"></span>
        </p>
        <ul id="fault-rules"></ul>
        <ul id="overrides"></ul>
      </Section>
      <Section id="sessions-section" title="Sessions">
        <ul id="sessions"></ul>
      </Section>
    </>
  );
}

function Page(props: { protectedControls: boolean }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>standin dashboard</title>
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href="/dashboard/style.css" />
        <script type="module" src="/dashboard/app.js"></script>
      </head>
      <body data-protected={props.protectedControls ? 'true' : 'false'}>
        <header>
          <h1>standin</h1>
          <span id="summary">loading the world…</span>
          <nav>
            <a href="/docs">API reference</a>
            <label>
              world{' '}
              <select id="session">
                <option value="">shared</option>
              </select>
            </label>
          </nav>
        </header>
        <form id="token-form" hidden>
          <label>
            This server's controls need its <code>--control-token</code>:{' '}
            <input id="token-input" type="password" autocomplete="off" />
          </label>
          <button type="submit">Use it</button>
        </form>
        <p id="message" role="status"></p>
        <main>
          <div class="primary">
            <Journal />
            <Records />
            <PersonsDigest />
            <Deliveries />
          </div>
          <aside>
            <Connect />
            <Controls />
          </aside>
          <details id="people-section">
            <summary>People and their tokens</summary>
            <table id="people">
              <thead>
                <tr>
                  <th>person</th>
                  <th>read-write token</th>
                  <th>read-only token</th>
                </tr>
              </thead>
              <tbody></tbody>
            </table>
          </details>
        </main>
      </body>
    </html>
  );
}

/**
 * The page may load and call this server alone, and no other site may frame it: a framed dashboard under a
 * decoy page would turn a visitor's clicks into resets and overrides (clickjacking).
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The dashboard's routes: the page, its script and its style, all served by standin itself. */
export function dashboardRoutes(options: PagesOptions): Hono {
  const routes = new Hono();
  routes.get('/', (c) =>
    c.html(html`<!doctype html>${(<Page protectedControls={Boolean(options.controlToken)} />)}`, 200, {
      'content-security-policy': DASHBOARD_CSP,
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
    }),
  );
  routes.get('/dashboard/app.js', async (c) => {
    const script = await dashboardScript().catch((error: Error) => error);
    if (script instanceof Error) {
      return problemResponse(
        null,
        500,
        'internal-error',
        `standin could not read its dashboard script (${script.message}); build it with npm run build.`,
      );
    }
    return c.body(script, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
  });
  routes.get('/dashboard/style.css', (c) =>
    c.body(DASHBOARD_STYLE, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' }),
  );
  return routes;
}
