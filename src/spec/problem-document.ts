// G8: the RFC 9457 problem document every error answers with, as JSON text: its type, title, status, detail
// and the errors[] naming each field and its fix. Built here, below the runtime, so an override's default
// answer and a response are one document.
import type { FieldError } from './describe-errors.js';

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

interface Problem {
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
