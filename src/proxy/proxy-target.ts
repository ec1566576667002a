// Owns where a request to standin proxy goes, read from its target: its path and query (an origin-form target
// as it is, appended to the upstream's root; an absolute-form one keeps its path and query, never its host: the
// upstream is always --upstream's), and whether that path is the upstream's — /api/v2 and below, the activity
// hook's /hooks/… (WH1) — or one of the proxy's own.
import { BASE_PATH, HOOKS_PATH } from '../spec/base-path.js';

export interface ProxyTarget {
  /** The path and query forwarded: the target as it came, or an absolute target's path and query. */
  path: string;
  /** The target as a URL on the proxy's own origin: its pathname and query as the proxy's pages read them. */
  url: URL;
  /** Whether the upstream answers it; else the proxy's own pages do. */
  forwarded: boolean;
}

/**
 * The target of a request line; null when it is neither a path nor a URL any parser takes.
 * @example proxyTarget('http://elsewhere/api/v2/goals?per_page=5') // { path: '/api/v2/goals?per_page=5', forwarded: true, … }
 */
export function proxyTarget(target: string): ProxyTarget | null {
  // An origin-form target is a path appended to the origin, as the forwarding reads it: resolved as a
  // reference instead, `//admin/api/v2/me` was a host and the path /api/v2/me, forwarded as //admin/… .
  // An absolute one keeps its path and query (its query was dropped on the way up).
  let url: URL;
  try {
    const absolute = target.startsWith('/') ? null : new URL(target, 'http://x');
    url = new URL(`http://proxy.invalid${absolute ? `${absolute.pathname}${absolute.search}` : target}`);
  } catch {
    // Node's parser lets through targets no URL parser takes (`foo://[/x`): thrown, that ended the proxy.
    return null;
  }
  const { pathname } = url;
  return {
    path: target.startsWith('/') ? target : `${url.pathname}${url.search}`,
    url,
    forwarded: pathname === BASE_PATH || pathname.startsWith(`${BASE_PATH}/`) || pathname.startsWith(`${HOOKS_PATH}/`),
  };
}
