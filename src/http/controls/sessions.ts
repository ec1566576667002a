// MK5 under /__mock/sessions: the sessions kept, and one dropped by name.
import { DomainError } from '../../domain/domain-error.js';
import { noContent, ok } from '../operation-handler.js';
import type { ControlHandlers } from './control-handler.js';

export const sessionControls = {
  listSessions: ({ mock }) => ok(mock.sessions.list()),
  dropSession: ({ mock }, { params }) => {
    if (!mock.sessions.drop(params.name))
      throw new DomainError('not-found', `There is no session ${params.name} (MK5); GET /__mock/sessions lists them.`);
    return noContent();
  },
} satisfies Partial<ControlHandlers>;
