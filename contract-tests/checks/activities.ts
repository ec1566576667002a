// Activities (AC1–AC2) through the API alone.
import type { CheckGroup } from '../kit/check.js';

export const activities: CheckGroup = {
  name: 'activities',
  title: 'Activities (AC1–AC2)',
  checks: [],
};
