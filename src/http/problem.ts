// G8: RFC 9457 problem responses — the one way any error leaves the server (the document itself:
// src/spec/problem-document.ts).
import type { FieldError } from '../spec/describe-errors.js';
import { problemJson } from '../spec/problem-document.js';
import { DomainError } from '../domain/domain-error.js';
import { CORS_RESPONSE_HEADERS } from './cors.js';
import { answered } from './exchange-texts.js';

/**
 * A problem+json response.
 * @example problemResponse(422, 'invalid-values', 'confidence must be from 0 to 100 (GU2).', errors)
 */
export function problemResponse(
  status: number,
  slug: string,
  detail: string,
  errors?: FieldError[],
  headers: Record<string, string> = {},
): Response {
  return answered(problemJson(status, slug, detail, errors), {
    status,
    headers: { 'content-type': 'application/problem+json', ...CORS_RESPONSE_HEADERS, ...headers },
  });
}

/** G8: the status and problem of a domain failure. */
export function domainProblem(error: DomainError): Response {
  switch (error.kind) {
    case 'not-found':
      return problemResponse(404, 'not-found', error.message);
    case 'forbidden':
      return problemResponse(403, 'forbidden', error.message, error.errors);
    case 'invalid':
      return problemResponse(422, 'invalid-values', error.message, error.errors);
    case 'conflict':
      return problemResponse(409, 'limit-reached', error.message);
  }
}
