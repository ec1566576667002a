// standin proxy's page at /: the exchanges it forwarded, newest on top, each with its findings (the rule, its
// source, the problem) and what the spec refused in the app's request; a tally of the rules broken over the
// exchanges the journal keeps. A static shell and one script (src/pages/dashboard/proxy-main.ts, bundled at
// build time), both served by the proxy itself, under a CSP that lets the page reach nothing else.
import { DASHBOARD_CSP } from './dashboard.js';
import { bundledScript, PROXY_SCRIPT_FILE } from './dashboard-script.js';

/** Where the proxy serves the page's script. */
export const PROXY_SCRIPT_PATH = '/proxy/app.js';
/** The dashboard's policy: the page's own script and style, requests to its own origin only. */
export const PROXY_PAGE_CSP = DASHBOARD_CSP;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's style, served at /proxy/style.css (the CSP allows no inline style). */
export const PROXY_STYLE = `
:root { font: 14px/1.45 system-ui, sans-serif; color: #1d2330; background: #f5f6f8; }
body { margin: 0; }
header { display: flex; gap: 1.5rem; align-items: baseline; padding: 0.75rem 1.5rem; background: #1d2330; color: #fff; }
header h1 { margin: 0; font-size: 1.3rem; }
main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(18rem, 26rem); gap: 1rem; padding: 1rem 1.5rem; align-items: start; }
@media (max-width: 60rem) { main { grid-template-columns: minmax(0, 1fr); } }
section { background: #fff; border: 1px solid #dde1e8; border-radius: 6px; padding: 0.75rem 1rem; min-width: 0; }
section h2 { margin: 0 0 0.5rem; font-size: 1rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.2rem 0.5rem; border-bottom: 1px solid #eef0f3; vertical-align: top; }
tr.found td { background: #fff4f2; }
tr.exchange { cursor: pointer; }
ul.findings { margin: 0.25rem 0; padding-left: 1.2rem; color: #9b1c0c; }
ul.notes { margin: 0.25rem 0; padding-left: 1.2rem; color: #6b5500; }
pre { white-space: pre-wrap; word-break: break-word; background: #f5f6f8; padding: 0.5rem; margin: 0.25rem 0; font-size: 0.8rem; max-height: 20rem; overflow: auto; }
.muted { color: #667085; }
`;

/**
 * The page's HTML: the shell the script fills.
 * @example send(200, 'text/html', proxyPage('https://api.example.com'))
 */
export function proxyPage(upstream: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>standin proxy: ${escapeHtml(upstream)}</title>
<link rel="stylesheet" href="/proxy/style.css">
</head>
<body>
<header><h1>standin proxy</h1><span>forwarding /api/v2 to <code id="upstream">${escapeHtml(upstream)}</code></span></header>
<main>
<section>
<h2>Exchanges <span class="muted" id="counts"></span></h2>
<label><input type="checkbox" id="only-findings"> only those with findings</label>
<table id="exchanges"><thead><tr><th>#</th><th>time</th><th>request</th><th>status</th><th>ms</th><th>findings</th></tr></thead><tbody></tbody></table>
</section>
<section>
<h2>Rules broken</h2>
<p class="muted" id="tally-note">Over the exchanges the journal keeps (its last 1,000); the summary on Ctrl-C and --junit count them all.</p>
<table id="tally"><thead><tr><th>rule</th><th>source</th><th>exchanges</th></tr></thead><tbody></tbody></table>
<p id="tally-empty">No findings yet.</p>
</section>
</main>
<script type="module" src="${PROXY_SCRIPT_PATH}"></script>
</body>
</html>
`;
}

/** Where the proxy serves the page's style. */
export const PROXY_STYLE_PATH = '/proxy/style.css';

/**
 * The page's bundled script, read once.
 * @example const text = await proxyDashboardScript()
 */
export function proxyDashboardScript(): Promise<string> {
  return bundledScript(PROXY_SCRIPT_FILE);
}
