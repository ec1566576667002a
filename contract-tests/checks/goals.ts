// Goals (GO1–GO8) through the API alone.
import type { CheckGroup } from '../kit/check.js';

export const goals: CheckGroup = {
  name: 'goals',
  title: 'Goals (GO1–GO8)',
  checks: [],
};
