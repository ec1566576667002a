// Override rules under /__mock/overrides: answers given instead of the world's (overrides.ts, override-rules.ts).
import { DomainError } from '../../domain/domain-error.js';
import { putOverrides } from '../../runtime/override-rules.js';
import { noContent, ok } from '../operation-handler.js';
import type { ControlHandlers } from './control-handler.js';

export const overrideControls = {
  listOverrides: ({ mock }) => ok({ rules: mock.overrides.list() }),
  setOverrides: ({ mock }, { body }) => ok({ rules: putOverrides(mock.overrides, body.rules) }),
  deleteOverrides: ({ mock }) => {
    mock.overrides.clear();
    return noContent();
  },
  deleteOverride: ({ mock }, { params }) => {
    if (!mock.overrides.delete(params.id))
      throw new DomainError('not-found', `There is no override ${params.id}; GET /__mock/overrides lists them.`);
    return noContent();
  },
} satisfies Partial<ControlHandlers>;
