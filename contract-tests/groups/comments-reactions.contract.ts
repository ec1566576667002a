// The comments-reactions rule group as vitest tests (run by `standin contract`).
import { commentsReactions } from '../checks/comments-reactions.js';
import { bindGroup } from '../kit/vitest-binding.js';

bindGroup(commentsReactions);
