// The echoes rule group as vitest tests (run by `standin contract`).
import { echoes } from '../checks/echoes.js';
import { bindGroup } from '../kit/vitest-binding.js';

bindGroup(echoes);
