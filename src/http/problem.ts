// G8: RFC 9457 problem responses — the one way any error leaves the server.
import type { FieldError } from '../spec/describe-errors.js';
import { DomainError } from '../domain/domain-error.js';
import { CORS_RESPONSE_HEADERS } from './cors.js';
import { answered } from './exchange-texts.js';

const TITLES: Record<number, string> = {
  400: 'Malformed request',
  401: 'Authentication required',
  403: 'Not allowed',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  409: 'Conflict',
  413: 'Request body too large',
  414: 'URL too long',
  415: 'Unsupported media type',
  422: 'Invalid values',
  429: 'Too many requests',
  431: 'Request headers too large',
  500: 'Internal error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
  507: 'Insufficient storage',
};

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: FieldError[];
}

/**
 * A problem document as JSON text. `slug` names the problem type (`urn:standin:problem:<slug>`).
 * @example problemJson(431, 'headers-too-large', 'The headers are over 16 KiB (G8); send fewer.')
 */
export function problemJson(status: number, slug: string, detail: string, errors?: FieldError[]): string {
  const problem: Problem = { type: `urn:standin:problem:${slug}`, title: TITLES[status] ?? 'Error', status, detail };
  if (errors && errors.length > 0) problem.errors = errors;
  return JSON.stringify(problem);
}

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
