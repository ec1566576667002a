// Every check group of the kit, in report order: one per rule group.
import type { CheckGroup } from '../kit/check.js';
import { activities } from './activities.js';
import { activityHook } from './activity-hook.js';
import { checkIns } from './check-ins.js';
import { commentsReactions } from './comments-reactions.js';
import { digest } from './digest.js';
import { echoes } from './echoes.js';
import { general } from './general.js';
import { goalUpdates } from './goal-updates.js';
import { goals } from './goals.js';
import { operations } from './operations.js';
import { peopleTeams } from './people-teams.js';

export const ALL_GROUPS: readonly CheckGroup[] = [
  general,
  peopleTeams,
  goals,
  goalUpdates,
  checkIns,
  echoes,
  commentsReactions,
  activities,
  activityHook,
  digest,
  operations,
];
