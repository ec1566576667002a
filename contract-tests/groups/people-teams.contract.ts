// The people-teams rule group as vitest tests (run by `standin contract`).
import { peopleTeams } from '../checks/people-teams.js';
import { bindGroup } from '../kit/vitest-binding.js';

bindGroup(peopleTeams);
