// The request journal under /__mock/requests: the last requests to the API, newest first (request-journal.ts),
// and what decided one's answer (MCP6's explain, explanation.ts). GET /__mock/events, the same events as a
// stream, is event-stream.ts.
import { DomainError } from '../../domain/domain-error.js';
import { explain } from '../../runtime/explanation.js';
import { getCompiledSpec } from '../../spec/compiled-spec.js';
import { ok } from '../operation-handler.js';
import type { ControlHandlers } from './control-handler.js';

export const journalControls = {
  listRequests: ({ mock }, { query }) => ok(mock.journal.list(query)),
  explainRequest: ({ mock }, { params }) => {
    const entry = mock.journal.get(Number(params.seq));
    if (!entry)
      throw new DomainError(
        'not-found',
        `The journal holds no request ${params.seq} (MCP6): it keeps the last ${mock.journal.capacity.toLocaleString('en-US')}, and ${mock.journal.last} is the newest. GET /__mock/requests lists the seqs it holds.`,
      );
    return ok(explain(entry, getCompiledSpec().rules));
  },
} satisfies Partial<ControlHandlers>;
