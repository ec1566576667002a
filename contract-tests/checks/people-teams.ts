// People and teams (PT1–PT2) through the API alone.
import type { CheckGroup } from '../kit/check.js';

export const peopleTeams: CheckGroup = {
  name: 'people-teams',
  title: 'People and teams (PT1–PT2)',
  checks: [],
};
