// GET /__mock/read: a read of /api/v2 as the world's default person (read-only), made to the mock's own app and
// marked as the dashboard's own (own-read.ts), so that it is answered exactly as the API answers it but neither
// counted by G14's limiter, nor delayed or failed by MK6's profile, nor answered by an override rule; the
// journal marks it `own_read`. Only the controls reach it (G13's guard, the control token).
import { SESSION_HEADER } from '../runtime/sessions.js';
import { BASE_PATH } from '../spec/base-path.js';
import type { Mock } from './mock.js';
import { ownRead } from './own-read.js';
import type { Finish } from './steps.js';
import { problemResponse } from './problem.js';
import { clip } from '../spec/preview.js';

/** The headers of the API's answer that the read passes on (its body's type; CORS is the controls' own). */
const PASSED_ON = ['content-type', 'etag', 'link', 'x-total-count'];

/**
 * The finish of GET /__mock/read: `path` (validated under /api/v2 by control.yaml) read with the default person's
 * read-only token in the request's session (MK5).
 * @example [catchUp, readInput(op, { strict: true }), answerWith('readAsDefaultPerson', readAsDefault(mock))]
 */
export function readAsDefault(mock: Mock): Finish {
  return async ({ c, world, transcript }, input) => {
    const path = String(input.query.path);
    const url = new URL(path, c.req.url);
    // `/api/v2/../__mock/tokens` passes the pattern but resolves elsewhere: only the API is read here.
    if (!(url.pathname === BASE_PATH || url.pathname.startsWith(`${BASE_PATH}/`)))
      return problemResponse(
        transcript,
        422,
        'invalid-values',
        `path must stay under ${BASE_PATH} once its dots are resolved; "${clip(path)}" reads ${clip(url.pathname)}.`,
        [{ in: 'query', name: 'path', message: `path must stay under ${BASE_PATH} once its dots are resolved.` }],
      );
    const person = world.store.people.get(world.defaultPersonId);
    const headers: Record<string, string> = { authorization: `Bearer ${person?.tokens.readOnly ?? ''}` };
    const session = c.req.header(SESSION_HEADER);
    if (session !== undefined) headers[SESSION_HEADER] = session;
    const answer = await mock.app.fetch(ownRead(new Request(url, { headers })));
    const passed: Record<string, string> = {};
    for (const name of PASSED_ON) {
      const value = answer.headers.get(name);
      if (value !== null) passed[name] = value;
    }
    return new Response(answer.body, { status: answer.status, headers: passed });
  };
}
