// A failing request sequence as curl lines a developer can paste against `npm start`, long values cut short.
import type { FuzzRequest } from './fuzz-requests.js';

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Cuts a value longer than `most` characters, saying how long it was, so a 100k string stays readable. */
function bounded(text: string, most = 200): string {
  return text.length <= most ? text : `${text.slice(0, most)}…(${text.length} characters)`;
}

/**
 * @example curlLine({ method: 'GET', url: '/api/v2/me', headers: {} }) // "curl -X GET 'http://127.0.0.1:4010/api/v2/me'"
 */
export function curlLine(request: FuzzRequest, origin = 'http://127.0.0.1:4010'): string {
  const parts = [`curl -X ${request.method}`, quote(bounded(`${origin}${request.url}`))];
  for (const [name, value] of Object.entries(request.headers)) parts.push(`-H ${quote(`${name}: ${bounded(value)}`)}`);
  if (request.body !== undefined)
    parts.push(`--data-raw ${quote(bounded(JSON.stringify(request.body).slice(1, -1).replace(/\\"/g, '"')))}`);
  return parts.join(' ');
}

export function curlLines(requests: readonly FuzzRequest[]): string {
  return requests.map((r) => curlLine(r)).join('\n');
}
