// G13: who may use the controls (/__mock) and the pages (/, /docs) from a web page — this server's own pages,
// loopback origins and the origins a server names (--cors-origin) — and the refusal everyone else gets, after
// Vite's dev-server advisory (CVE-2025-24010). A refusal is a 403, not only an unreadable answer: a browser
// sends a "simple" request (a POST without a body, a form) without asking first, so leaving the answer
// unreadable would still let any page reset the world. /api/v2 stays open to any origin (cors.ts).
import type { MiddlewareHandler } from 'hono';
import { problemResponse } from './problem.js';
import type { Step } from './steps.js';
import type { Transcript } from './transcript.js';

/** Loopback host names, as G13 lists them (any port, http or https). */
function isLoopbackName(hostname: string): boolean {
  return (
    hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1' || hostname === '[::1]'
  );
}

/**
 * An origin as browsers write it in `Origin` (`scheme://host[:port]`), or null when the text is not one
 * (a path, a wildcard, `null`, another scheme).
 * @example normalizeOrigin('HTTP://LOCALHOST:5173/') // 'http://localhost:5173'
 */
export function normalizeOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
  // As a browser writes it: lowercase, no default port, no trailing slash.
  return url.origin;
}

/** Whether an origin is on this machine by G13's list: localhost, *.localhost, 127.0.0.1, [::1], any port. */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackName(url.hostname);
  } catch {
    return false;
  }
}

/** What a request may do: go on (answered with `allowOrigin` for a browser to read, or none), or be refused. */
export type CrossOriginVerdict = { allowed: true; allowOrigin: string | null } | { allowed: false; reason: string };

/** The request parts the policy reads: its URL (for its own origin), method and headers. */
interface RequestParts {
  url: string;
  method: string;
  header(name: string): string | undefined;
}

/**
 * G13 for the controls and the pages: this server's own origin, loopback origins and the named ones may call
 * them; a page of any other origin may not, nor a script, image or form of another site that sends no Origin
 * (Fetch Metadata tells those apart: `Sec-Fetch-Site: cross-site` outside a top-level navigation). Tools that
 * send neither (curl, tests, the kit) are not browsers and go on.
 * @example new CrossOriginPolicy(['https://app.example.dev']).verdict(parts) // { allowed: true, allowOrigin: … }
 */
export class CrossOriginPolicy {
  readonly named: ReadonlySet<string>;

  /** `origins`: the --cors-origin values, each a `scheme://host[:port]` (normalizeOrigin tells). */
  constructor(origins: readonly string[] = []) {
    this.named = new Set(
      origins.map((origin) => {
        const normal = normalizeOrigin(origin);
        if (normal === null) {
          throw new RangeError(
            `cors origin "${origin.slice(0, 60)}" is not an origin such as https://app.example.dev:8443 (G13): a scheme, a host and optionally a port, no path`,
          );
        }
        return normal;
      }),
    );
  }

  allows(origin: string): boolean {
    return this.named.has(origin) || isLoopbackOrigin(origin);
  }

  /**
   * `navigations`: whether a page of another site may open it as a page of its own (a link: a top-level
   * navigation). The pages may; the controls may not, not even so: an iframe is a navigation too, and eight
   * iframes of GET /__mock/state?full=true from another site ran a large server's heap out.
   */
  verdict(request: RequestParts, navigations = true): CrossOriginVerdict {
    const origin = request.header('origin');
    if (origin !== undefined) {
      // A browser sends an origin as it serializes it; any other text (a user part, a number for an address)
      // is no page's, and is never echoed.
      if (normalizeOrigin(origin) === origin && this.allows(origin)) return { allowed: true, allowOrigin: origin };
      if (origin === ownOrigin(request.url)) return { allowed: true, allowOrigin: null };
      return {
        allowed: false,
        reason:
          origin === 'null'
            ? 'A page with an opaque origin (Origin: null: a sandboxed frame, a file or data: URL) may not use them'
            : `A page of ${origin.slice(0, 60)} may not use them`,
      };
    }
    const site = request.header('sec-fetch-site');
    if (site !== 'cross-site') return { allowed: true, allowOrigin: null };
    const navigation =
      request.header('sec-fetch-mode') === 'navigate' && (request.method === 'GET' || request.method === 'HEAD');
    if (navigation && navigations) return { allowed: true, allowOrigin: null };
    return {
      allowed: false,
      reason: navigation
        ? 'A page of another site may not open them, by a link or in a frame (open them from this machine: type the address)'
        : 'A script, image or form of another site may not use them',
    };
  }
}

function ownOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** What a guarded part of the server lets a browser do once its origin is allowed. */
export interface CrossOriginOptions {
  /** What the part is, for the refusal: "This server's controls (/__mock)". */
  what: string;
  /** Methods a preflight may ask for. */
  methods: readonly string[];
  /** Request headers a preflight may ask for (never whatever is asked: G13). */
  headers: readonly string[];
  /** Response headers a page may read. */
  expose?: readonly string[];
  /** Whether a link or a frame of another site may open it (CrossOriginPolicy.verdict): the pages yes, the controls no. */
  navigations: boolean;
}

/** The 403 every refused request gets, naming the option that would let it through (G13, G8). */
function crossOriginProblem(transcript: Transcript | null, what: string, reason: string): Response {
  const response = problemResponse(
    transcript,
    403,
    'cross-origin-refused',
    `${what} answer only this server's own pages and pages on this machine (localhost, *.localhost, 127.0.0.1, [::1]) (G13). ${reason}; if it is yours, start standin with --cors-origin <that origin> (createMock's corsOrigins).`,
  );
  withoutOpenCors(response.headers);
  return response;
}

/** Drops the API's open CORS headers (problemResponse writes them on every problem) from a guarded answer. */
function withoutOpenCors(headers: Headers): void {
  headers.delete('access-control-allow-origin');
  headers.delete('access-control-expose-headers');
}

/** G13's check of one request for a guarded part: the answer instead (a refusal, a preflight's), or the origin to answer for. */
type CrossOriginCheck = (
  request: { url: string; method: string; header: (name: string) => string | undefined },
  transcript: Transcript | null,
) => { answer: Response } | { allowOrigin: string | null };

function crossOriginCheck(policy: CrossOriginPolicy, options: CrossOriginOptions): CrossOriginCheck {
  const preflightHeaders = {
    'access-control-allow-methods': options.methods.join(','),
    'access-control-allow-headers': options.headers.join(','),
    'access-control-max-age': '600',
  };
  return (request, transcript) => {
    const verdict = policy.verdict(request, options.navigations);
    if (!verdict.allowed) return { answer: crossOriginProblem(transcript, options.what, verdict.reason) };
    if (request.method !== 'OPTIONS') return { allowOrigin: verdict.allowOrigin };
    return {
      answer: new Response(null, {
        status: 204,
        headers: {
          ...preflightHeaders,
          ...(verdict.allowOrigin ? { 'access-control-allow-origin': verdict.allowOrigin } : {}),
          vary: 'Origin',
        },
      }),
    };
  };
}

/** An allowed answer's headers: the API's open CORS dropped, and an allowed page's own origin echoed, never `*`. */
function allowedAnswer(headers: Headers, allowOrigin: string | null, expose: readonly string[] | undefined): void {
  withoutOpenCors(headers);
  headers.append('vary', 'Origin');
  if (allowOrigin) {
    headers.set('access-control-allow-origin', allowOrigin);
    if (expose?.length) headers.set('access-control-expose-headers', expose.join(','));
  }
}

/**
 * The middleware that holds G13 for the pages (a Hono app of their own, src/pages): refuses what the policy
 * refuses, answers allowed preflights itself, and lets an allowed page read the answer.
 * @example pages.use('/', guardCrossOrigin(policy, { what: "This server's pages (/ and /docs)", methods, headers }))
 */
export function guardCrossOrigin(
  policy: CrossOriginPolicy,
  options: CrossOriginOptions,
): MiddlewareHandler<{ Variables: { transcript?: Transcript } }> {
  const check = crossOriginCheck(policy, options);
  return async (c, next) => {
    const request = { url: c.req.url, method: c.req.method, header: (name: string) => c.req.header(name) };
    // The pages' requests have no transcript: the front, which makes one, runs for the mock's app only.
    const checked = check(request, c.get('transcript') ?? null);
    if ('answer' in checked) return checked.answer;
    await next();
    allowedAnswer(c.res.headers, checked.allowOrigin, options.expose);
  };
}

/**
 * G13 for the controls, as the first of their guards (controls/guards.ts): the same check as the pages', as a
 * step of their routes.
 * @example crossOriginStep(mock.crossOrigin, CONTROL_CROSS_ORIGIN)
 */
export function crossOriginStep(policy: CrossOriginPolicy, options: CrossOriginOptions): Step {
  const check = crossOriginCheck(policy, options);
  return {
    name: 'cross-origin (G13)',
    run: (exchange) => {
      const { c } = exchange;
      const request = { url: c.req.url, method: c.req.method, header: (name: string) => c.req.header(name) };
      const checked = check(request, exchange.transcript);
      if ('answer' in checked) return checked.answer;
      exchange.allowOrigin = checked.allowOrigin;
      return undefined;
    },
    leave: (exchange, answer) => {
      allowedAnswer(answer.headers, exchange.allowOrigin, options.expose);
      return answer;
    },
  };
}
