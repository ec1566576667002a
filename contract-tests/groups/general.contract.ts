// The general rule group as vitest tests (run by `standin contract`).
import { general } from '../checks/general.js';
import { bindGroup } from '../kit/vitest-binding.js';

bindGroup(general);
