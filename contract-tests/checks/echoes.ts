// Echoes (EC1–EC6) through the API alone.
import type { CheckGroup } from '../kit/check.js';

export const echoes: CheckGroup = {
  name: 'echoes',
  title: 'Echoes (EC1–EC6)',
  checks: [],
};
