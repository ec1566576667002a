// The check-ins rule group as vitest tests (run by `standin contract`).
import { checkIns } from '../checks/check-ins.js';
import { bindGroup } from '../kit/vitest-binding.js';

bindGroup(checkIns);
