// vitest's global setup: the dashboard's script bundled from the sources as they are now, before any test serves
// it, so that `vitest` alone (without `npm run build` first) runs the dashboard the tests are looking at.
import { writeDashboardScript } from '../../src/pages/bundle-dashboard.js';

export default async function setup(): Promise<void> {
  await writeDashboardScript();
}
