// Check-ins (CI1–CI9) through the API alone.
import type { CheckGroup } from '../kit/check.js';

export const checkIns: CheckGroup = {
  name: 'check-ins',
  title: 'Check-ins (CI1–CI9)',
  checks: [],
};
