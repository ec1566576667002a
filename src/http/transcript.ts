// A request's transcript: the body text as the mock read it, the answer's text as the mock wrote it and the body
// fields it ignored (G7), which request:end carries (the journal shows them). One per request, made by the front and handed along the
// request's own context (the `transcript` Variable, and from it the pipeline's exchange); filled where each
// text exists anyway — the body's read, the answer's making — so that no body is read or cloned twice for it.
import type { IgnoredField } from '../runtime/mock-events.js';

export interface Transcript {
  /** The body as the mock read it; null while none was read. */
  request: string | null;
  /** The JSON text the mock answered with; null for an answer without one. */
  response: string | null;
  /** G7: the body's fields the operation ignored, for the journal alone (never the answer); null for none. */
  ignored: IgnoredField[] | null;
}

/**
 * A blank transcript, for a request that starts at the front, or for a reading that no request:end tells of
 * (the state worker's).
 * @example c.set('transcript', newTranscript())
 */
export function newTranscript(): Transcript {
  return { request: null, response: null, ignored: null };
}

/**
 * A response with a JSON text body, the text written into the request's transcript (none outside the mock's
 * front: the pages').
 * @example return jsonResponse(transcript, body.json, { status: 200, headers })
 */
export function jsonResponse(transcript: Transcript | null, text: string, init: ResponseInit): Response {
  if (transcript) transcript.response = text;
  return new Response(text, init);
}
