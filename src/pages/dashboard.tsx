// GET /: the control dashboard of the running world — seed, size and clock, people and their tokens, counts of
// records, the clock, reset and snapshots, sessions, rate limits, faults, overrides, and the request journal
// live. The page is a shell rendered here with hono/jsx; everything it shows and does goes through the /__mock
// API from its script (dashboard-client.ts), so anything done here can be done with curl as well.
import { Hono } from 'hono';
import { html } from 'hono/html';
import { dashboardClient } from './dashboard-client.js';
import { DASHBOARD_STYLE } from './dashboard-style.js';
import type { PagesOptions } from './page-options.js';

/** The client as a script: the function's own source, type-checked and linted with the rest of the tree. */
const SCRIPT = `(${dashboardClient.toString()})();\n`;

function Section(props: { id: string; title: string; children?: unknown }) {
  return (
    <section id={props.id}>
      <h2>{props.title}</h2>
      {props.children}
    </section>
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
          <Section id="world" title="World">
            <dl id="counts"></dl>
          </Section>
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
                Reset the world
              </button>
            </p>
            <form id="snapshot-form">
              <input id="snapshot-name" type="text" placeholder="before-demo" pattern="[A-Za-z0-9._-]{1,64}" />{' '}
              <button type="submit">Take a snapshot</button>
            </form>
            <ul id="snapshots"></ul>
          </Section>
          <Section id="switches" title="Rate limits, faults, overrides">
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
            <ul id="overrides"></ul>
          </Section>
          <Section id="sessions-section" title="Sessions">
            <ul id="sessions"></ul>
          </Section>
          <Section id="people-section" title="People and their tokens">
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
          </Section>
          <Section id="journal-section" title="Requests to /api/v2, live">
            <p>
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
              </label>
            </p>
            <table id="journal">
              <thead>
                <tr>
                  <th>#</th>
                  <th>at</th>
                  <th>request</th>
                  <th>status</th>
                  <th>ms</th>
                  <th>session</th>
                </tr>
              </thead>
              <tbody></tbody>
            </table>
          </Section>
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
  routes.get('/dashboard/app.js', (c) =>
    c.body(SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }),
  );
  routes.get('/dashboard/style.css', (c) =>
    c.body(DASHBOARD_STYLE, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' }),
  );
  return routes;
}
