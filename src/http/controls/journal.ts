// The request journal under /__mock/requests: the last requests to the API, newest first (request-journal.ts).
// GET /__mock/events, the same events as a stream, is event-stream.ts.
import { ok } from '../operation-handler.js';
import type { ControlHandlers } from './control-handler.js';

export const journalControls = {
  listRequests: ({ mock }, { query }) => ok(mock.journal.list(query)),
} satisfies Partial<ControlHandlers>;
