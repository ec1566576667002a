// Goal updates (GU1–GU7) through the API alone.
import type { CheckGroup } from '../kit/check.js';

export const goalUpdates: CheckGroup = {
  name: 'goal-updates',
  title: 'Goal updates (GU1–GU7)',
  checks: [],
};
