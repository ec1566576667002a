// The goals rule group as vitest tests (run by `standin contract`).
import { goals } from '../checks/goals.js';
import { bindGroup } from '../kit/vitest-binding.js';

bindGroup(goals);
