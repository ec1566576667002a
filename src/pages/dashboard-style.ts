// The dashboard's style: plain CSS, served by standin itself (no font or stylesheet from elsewhere). Two columns
// on a wide screen: the journal and the records on the left, what connects and drives the world on the right.

export const DASHBOARD_STYLE = `
:root { font: 14px/1.45 system-ui, sans-serif; color: #1d2330; background: #f5f6f8; }
body { margin: 0; }
header { display: flex; gap: 1.5rem; align-items: baseline; padding: 0.75rem 1.5rem; background: #1d2330; color: #fff; }
header h1 { margin: 0; font-size: 1.3rem; }
header nav { margin-left: auto; display: flex; gap: 1rem; align-items: baseline; }
header a { color: #9cc3ff; }
main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(22rem, 30rem); gap: 1rem; padding: 1rem 1.5rem; align-items: start; }
main > .primary, main > aside { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1rem; min-width: 0; }
main > details { grid-column: 1 / -1; }
@media (max-width: 60rem) { main { grid-template-columns: minmax(0, 1fr); } }
section, main > details { background: #fff; border: 1px solid #dde1e8; border-radius: 6px; padding: 0.75rem 1rem; }
section h2 { margin: 0 0 0.5rem; font-size: 1rem; }
section h3 { margin: 0.75rem 0 0.25rem; font-size: 0.9rem; }
summary { cursor: pointer; font-weight: 600; }
dl { display: grid; grid-template-columns: max-content max-content; gap: 0.15rem 1rem; margin: 0; }
dd { margin: 0; font-variant-numeric: tabular-nums; text-align: right; }
dl.connect { grid-template-columns: max-content minmax(0, 1fr); }
dl.connect dd { text-align: left; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.2rem 0.5rem; border-bottom: 1px solid #eef0f3; vertical-align: top; }
code { font-size: 0.8rem; word-break: break-all; }
pre { white-space: pre-wrap; word-break: break-word; background: #f5f6f8; padding: 0.5rem; margin: 0.25rem 0; font-size: 0.8rem; }
pre.snippet { white-space: pre; word-break: normal; max-height: 16rem; overflow: auto; }
section h3 button.copy { float: right; font-size: 0.8rem; font-weight: normal; }
.journal-scroll { max-height: 32rem; overflow: auto; }
#journal thead th { position: sticky; top: 0; background: #fff; }
#journal tbody tr[data-seq] { cursor: pointer; }
#journal tbody tr[data-own] { color: #6b7280; }
#journal td.request { font-family: ui-monospace, monospace; font-size: 0.8rem; word-break: break-all; }
#journal tr.status-4 td:nth-child(5) { color: #a15c00; }
#journal tr.status-5 td:nth-child(5) { color: #b00020; }
#journal tr.detail pre { max-height: 24rem; overflow: auto; }
#journal tr.detail .errors { color: #a15c00; white-space: pre-line; }
#journal tr.detail .ignored { color: #a15c00; }
#journal tr.detail .why { margin: 0.25rem 0; }
#journal tr.detail .request-line { margin: 0.25rem 0; font-family: ui-monospace, monospace; font-size: 0.8rem; }
.record-lists { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: 0.5rem 1rem; }
.record-lists ul { list-style: none; margin: 0; padding: 0; max-height: 18rem; overflow: auto; }
.record-lists li { padding: 0.15rem 0; border-bottom: 1px solid #eef0f3; }
.record-lists .detail { color: #6b7280; font-size: 0.85rem; }
#record-json { max-height: 28rem; overflow: auto; }
button.link { border: 0; background: none; padding: 0; color: #0b57d0; text-decoration: underline; font: inherit; text-align: left; }
button.link.id, pre button.link { font-family: ui-monospace, monospace; font-size: 0.8rem; }
.count, .hint { color: #6b7280; font-weight: normal; }
dialog { border: 1px solid #dde1e8; border-radius: 6px; max-width: 28rem; }
dialog::backdrop { background: rgba(29, 35, 48, 0.4); }
.dialog-buttons { text-align: right; margin-bottom: 0; }
#reset-confirm { color: #b00020; }
#message { margin: 0.5rem 1.5rem 0; min-height: 1.2em; }
#message.failed { color: #b00020; }
#token-form { margin: 0.75rem 1.5rem 0; }
button { cursor: pointer; }
input[type='number'] { width: 4rem; }
.empty { color: #6b7280; }
`;
