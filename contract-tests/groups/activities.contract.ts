// The activities rule group as vitest tests (run by `standin contract`).
import { activities } from '../checks/activities.js';
import { bindGroup } from '../kit/vitest-binding.js';

bindGroup(activities);
