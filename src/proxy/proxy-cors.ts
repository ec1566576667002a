// Owns how standin proxy lets your dev server's pages use it: a page on a loopback origin (http://localhost:5173,
// *.localhost, 127.0.0.1, [::1]: your own machine's, G13) gets its preflights answered by the proxy and its
// answers made readable, so an app in development works through the proxy whatever the upstream's CORS allows.
// Any other origin is the upstream's to judge: its preflights and Origin headers are forwarded untouched.
// The answers' bodies are never changed; only these headers are added.
import { isLoopbackOrigin, normalizeOrigin } from '../http/cross-origin.js';
import { CORS_RESPONSE_HEADERS } from '../http/cors.js';

/** The request's Origin when it is a loopback origin the proxy answers for, else null. */
export function loopbackOriginOf(origin: string | undefined): string | null {
  if (origin === undefined) return null;
  const normalized = normalizeOrigin(origin);
  return normalized !== null && isLoopbackOrigin(normalized) ? origin : null;
}

/**
 * The headers of the proxy's answer to a loopback page's preflight: its origin, any method, the headers it asks for.
 * @example preflightHeaders('http://localhost:5173', 'authorization') // [['Access-Control-Allow-Origin', …], …]
 */
export function preflightHeaders(origin: string, requested: string | undefined): Array<[string, string]> {
  return [
    ['Access-Control-Allow-Origin', origin],
    ['Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE'],
    ['Access-Control-Allow-Headers', requested?.trim() || 'Authorization, Content-Type, If-None-Match'],
    ['Access-Control-Max-Age', '600'],
    ['Vary', 'Origin, Access-Control-Request-Headers'],
    ['Content-Length', '0'],
  ];
}

/** An answer's headers for a loopback page: readable by it, with G13's headers exposed, unless the upstream said. */
export function withLoopbackCors(headers: Array<[string, string]>, origin: string): Array<[string, string]> {
  if (headers.some(([name]) => name.toLowerCase() === 'access-control-allow-origin')) return headers;
  return [
    ...headers,
    ['Access-Control-Allow-Origin', origin],
    ['Access-Control-Expose-Headers', CORS_RESPONSE_HEADERS['access-control-expose-headers']!],
    ['Vary', 'Origin'],
  ];
}
