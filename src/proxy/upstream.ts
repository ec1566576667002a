// Owns where standin proxy sends what it forwards: the --upstream URL read once (its service root, /api/v2 or
// not), and the connection pool to it. Refused at start: anything but http(s), credentials in the URL, and plain
// http to anything but a loopback address (the app's token would cross the network unencrypted).
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { BASE_PATH } from '../spec/base-path.js';
import { isLoopbackUrlHost as isLoopback } from '../server/host-check.js';

export interface Upstream {
  url: URL;
  /** The service root requests are appended to: origin and any path prefix, no trailing slash. */
  root: string;
  agent: HttpAgent;
}

/** A mistake in --upstream, said in one line. */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
}

/**
 * @example upstreamTarget('https://api.example.com/api/v2').root // 'https://api.example.com'
 */
export function upstreamTarget(text: string): Upstream {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UpstreamError(`--upstream must be a URL such as https://api.example.com, got "${text.slice(0, 100)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UpstreamError(`--upstream must be an http(s) URL, got ${url.protocol}`);
  if (url.username || url.password)
    throw new UpstreamError('--upstream must not carry credentials: the app sends its own token with each request');
  if (url.search || url.hash) throw new UpstreamError('--upstream is a service root: no query or fragment');
  if (url.protocol === 'http:' && !isLoopback(url.hostname))
    throw new UpstreamError(
      `--upstream ${url.origin} is plain http: the app's token would cross the network unencrypted; use its https URL (only loopback addresses may be http)`,
    );
  let path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith(BASE_PATH)) path = path.slice(0, -BASE_PATH.length);
  const options = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16 };
  return {
    url,
    root: `${url.origin}${path}`,
    agent: url.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options),
  };
}
