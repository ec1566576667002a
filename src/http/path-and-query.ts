// Where a request URL's path and query start: read without parsing the URL (every request asks, and
// `new URL` costs microseconds), for the URL's length (G8), the journal and the server's routing of /api/v2.

/**
 * The index of the path in an absolute URL (`http://host:port/path?query`).
 * @example pathStart('http://127.0.0.1:4010/api/v2/me') // 21
 */
export function pathStart(url: string): number {
  return url.indexOf('/', url.indexOf('//') + 2);
}

/**
 * The path and query of an absolute URL, as sent.
 * @example pathAndQuery('http://127.0.0.1:4010/api/v2/goals?per_page=5') // '/api/v2/goals?per_page=5'
 */
export function pathAndQuery(url: string): string {
  return url.slice(pathStart(url));
}
