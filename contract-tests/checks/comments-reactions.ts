// Comments and reactions (CR1–CR2) through the API alone.
import type { CheckGroup } from '../kit/check.js';

export const commentsReactions: CheckGroup = {
  name: 'comments-reactions',
  title: 'Comments and reactions (CR1–CR2)',
  checks: [],
};
