// The dashboard's style: plain CSS, served by standin itself (no font or stylesheet from elsewhere).

export const DASHBOARD_STYLE = `
:root { font: 14px/1.45 system-ui, sans-serif; color: #1d2330; background: #f5f6f8; }
body { margin: 0; }
header { display: flex; gap: 1.5rem; align-items: baseline; padding: 0.75rem 1.5rem; background: #1d2330; color: #fff; }
header h1 { margin: 0; font-size: 1.3rem; }
header nav { margin-left: auto; display: flex; gap: 1rem; align-items: baseline; }
header a { color: #9cc3ff; }
main { display: grid; grid-template-columns: repeat(auto-fill, minmax(22rem, 1fr)); gap: 1rem; padding: 1rem 1.5rem; }
section { background: #fff; border: 1px solid #dde1e8; border-radius: 6px; padding: 0.75rem 1rem; }
section h2 { margin: 0 0 0.5rem; font-size: 1rem; }
#people-section, #journal-section { grid-column: 1 / -1; }
dl { display: grid; grid-template-columns: max-content max-content; gap: 0.15rem 1rem; margin: 0; }
dd { margin: 0; font-variant-numeric: tabular-nums; text-align: right; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.2rem 0.5rem; border-bottom: 1px solid #eef0f3; vertical-align: top; }
code { font-size: 0.8rem; word-break: break-all; }
#journal tbody tr[data-seq] { cursor: pointer; }
#journal tr.status-4 td:nth-child(4) { color: #a15c00; }
#journal tr.status-5 td:nth-child(4) { color: #b00020; }
#journal tr.detail pre { white-space: pre-wrap; word-break: break-all; max-height: 16rem; overflow: auto; background: #f5f6f8; padding: 0.5rem; }
#journal tr.detail .errors { color: #a15c00; white-space: pre-line; }
#message { margin: 0.5rem 1.5rem 0; min-height: 1.2em; }
#message.failed { color: #b00020; }
#token-form { margin: 0.75rem 1.5rem 0; }
button { cursor: pointer; }
input[type='number'] { width: 4rem; }
.empty { color: #6b7280; }
`;
