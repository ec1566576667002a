// Reads a small request body off the IncomingMessage before the app sees the request (issue 19, the write):
// one `data`/`end` pair here instead of the adapter's four listeners, a promise and a web Request's body read.
// The bytes go to @hono/node-server as `rawBody`, which its Request's text() and body take as they are.
import type { IncomingMessage } from 'node:http';
import { MAX_BODY_BYTES } from '../http/request-body.js';

/** The IncomingMessage as @hono/node-server reads it: a body already read, as one Buffer. */
interface WithRawBody extends IncomingMessage {
  rawBody?: Buffer;
}

/**
 * Calls `then` once a body of a declared length within G8's limit is read whole (set as `rawBody`), at once for
 * a request without one or with a larger one (the app reads and refuses those itself, as ever), and also when
 * the body breaks off (the app's own read then meets the broken stream and answers as it always did).
 * @example readBodyAhead(request, () => void listener(request, response))
 */
export function readBodyAhead(request: IncomingMessage, then: () => void): void {
  const declared = request.headers['content-length'];
  if (declared === undefined || declared === '0' || !(Number(declared) <= MAX_BODY_BYTES)) return then();
  const chunks: Buffer[] = [];
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    request.off('data', onData);
    request.off('end', onEnd);
    request.off('error', finish);
    request.off('close', finish);
    then();
  };
  const onData = (chunk: Buffer) => chunks.push(chunk);
  const onEnd = () => {
    (request as WithRawBody).rawBody = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    finish();
  };
  request.on('data', onData);
  request.on('end', onEnd);
  request.on('error', finish);
  request.on('close', finish);
}
