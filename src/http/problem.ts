// G8: RFC 9457 problem responses — the one way any error leaves the server (the document itself:
// src/spec/problem-document.ts).
import type { FieldError } from '../spec/describe-errors.js';
import { problemJson } from '../spec/problem-document.js';
import { DomainError } from '../domain/domain-error.js';
import { CORS_RESPONSE_HEADERS } from './cors.js';
import { jsonResponse, type Transcript } from './transcript.js';

/**
 * A problem+json response, its text written into the request's transcript (null outside the mock's front: the
 * pages, the state worker).
 * @example problemResponse(transcript, 422, 'invalid-values', 'confidence must be from 0 to 100 (GU2).', errors)
 */
export function problemResponse(
  transcript: Transcript | null,
  status: number,
  slug: string,
  detail: string,
  errors?: FieldError[],
  headers: Record<string, string> = {},
): Response {
  return jsonResponse(transcript, problemJson(status, slug, detail, errors), {
    status,
    headers: { 'content-type': 'application/problem+json', ...CORS_RESPONSE_HEADERS, ...headers },
  });
}

/** G8: the status and problem of a domain failure. */
export function domainProblem(transcript: Transcript | null, error: DomainError): Response {
  switch (error.kind) {
    case 'not-found':
      return problemResponse(transcript, 404, 'not-found', error.message);
    case 'forbidden':
      return problemResponse(transcript, 403, 'forbidden', error.message, error.errors);
    case 'invalid':
      return problemResponse(transcript, 422, 'invalid-values', error.message, error.errors);
    case 'conflict':
      return problemResponse(transcript, 409, 'limit-reached', error.message);
  }
}
