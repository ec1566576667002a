// The dashboard's script, run in the browser: it reads and drives the world through the /__mock API
// (spec/control.yaml), and reads records as the default person sees them through GET /__mock/read (the API's
// answers, outside the rate limits and faults the app meets), so the page can do nothing curl cannot. This entry wires the shell's forms and buttons (dashboard.tsx renders
// the shell) and starts refreshing; `npm run build` bundles it with the modules beside it into one script
// (src/pages/bundle-dashboard.ts), served as /dashboard/app.js.
import { wireClock } from './clock-panel.js';
import { showConnect, wireCopyButtons } from './connect-panel.js';
import { wireJournalFilters } from './journal-panel.js';
import { wireRecordLinks } from './record-view.js';
import { startRefreshing } from './refreshing.js';
import { wireState } from './state-panel.js';
import { wireSwitches } from './switches-panel.js';
import { wireTokenForm } from './token-form.js';

wireClock();
wireState();
wireSwitches();
wireJournalFilters();
wireRecordLinks();
wireCopyButtons();
wireTokenForm();
showConnect();
startRefreshing();
