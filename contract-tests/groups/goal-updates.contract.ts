// The goal-updates rule group as vitest tests (run by `standin contract`).
import { goalUpdates } from '../checks/goal-updates.js';
import { bindGroup } from '../kit/vitest-binding.js';

bindGroup(goalUpdates);
