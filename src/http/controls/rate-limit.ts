// G14's switch under /__mock/rate-limit: production's rate limits on or off, at run time.
import { ok } from '../operation-handler.js';
import type { ControlHandlers } from './control-handler.js';

export const rateLimitControls = {
  getRateLimit: ({ mock }) => ok({ enabled: mock.rateLimit }),
  setRateLimit: ({ mock }, { body }) => {
    mock.rateLimit = body.enabled;
    return ok({ enabled: mock.rateLimit });
  },
} satisfies Partial<ControlHandlers>;
