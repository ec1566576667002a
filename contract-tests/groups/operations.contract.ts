// The per-operation checks of the general rules as vitest tests (run by `standin contract`).
import { operations } from '../checks/operations.js';
import { bindGroup } from '../kit/vitest-binding.js';

bindGroup(operations);
