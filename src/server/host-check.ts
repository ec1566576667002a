// G13 on a port: the host names this server answers to — loopback names, the address it is bound to and the
// names --allowed-host gives — checked on every request before anything else reads it. A page on a name an
// attacker controls can be made to resolve to 127.0.0.1 (DNS rebinding); its requests then carry that name as
// Host, and get a 403 here. An IP literal cannot be rebound: when the server listens on every interface, any
// IP literal that reached it is one of its own addresses.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { problemJson } from '../spec/problem-document.js';

/** Addresses that mean "every interface". */
const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/** Distinct Host values whose verdict is kept; a host name is at most 255 characters, so a few KiB in all. */
const VERDICTS_KEPT = 32;
const LONGEST_KEPT = 300;

type Verdict = { ok: true } | { ok: false; status: 400 | 403; slug: string; detail: string };

const OK: Verdict = { ok: true };

/** A host name as it may appear in Host: letters, digits, dots, dashes, underscores; or an IP literal. */
const NAME = /^[a-z0-9._-]+$/;
const IPV6 = /^[0-9a-f:.]+$/;

/** The host of a Host value (`name[:port]`, `[v6][:port]`), lowercase, or null when it is not one. */
export function hostOf(value: string): string | null {
  const text = value.toLowerCase();
  let host: string;
  let rest: string;
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    if (end === -1) return null;
    host = text.slice(1, end);
    if (!IPV6.test(host) || isIP(host) !== 6) return null;
    rest = text.slice(end + 1);
  } else {
    const colon = text.indexOf(':');
    host = colon === -1 ? text : text.slice(0, colon);
    rest = colon === -1 ? '' : text.slice(colon);
    if (!NAME.test(host)) return null;
  }
  if (rest !== '' && (!/^:\d{1,5}$/.test(rest) || Number(rest.slice(1)) > 65_535)) return null;
  return host;
}

/**
 * Whether a URL's hostname (`new URL(…).hostname`, IPv6 in brackets) is this machine's: where a token may go over
 * plain http (standin drift's, proxy's and import's sources), as nothing crosses a network to get there.
 * @example isLoopbackUrlHost(new URL('http://127.0.0.1:4010').hostname) // true
 */
export function isLoopbackUrlHost(hostname: string): boolean {
  return /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(hostname) || hostname.endsWith('.localhost');
}

/** G13's loopback names (IPv6 without its brackets). */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '::1';
}

/**
 * An --allowed-host value, checked: a host name (`demo.example.com`), or a domain with a leading dot
 * (`.example.com`: the domain and every name under it). Null when it is neither.
 * @example allowedHostOf('Demo.Example.com') // 'demo.example.com'
 */
export function allowedHostOf(value: string): string | null {
  const text = value.trim().toLowerCase();
  const name = text.startsWith('.') ? text.slice(1) : text;
  return name !== '' && NAME.test(name) && !name.startsWith('.') ? text : null;
}

/**
 * @example new HostCheck('127.0.0.1', ['demo.example.com']).verdict('evil.example:4010') // a 403 verdict
 */
export class HostCheck {
  readonly #bound: string;
  readonly #everyInterface: boolean;
  readonly #named: readonly string[];
  readonly #kept = new Map<string, Verdict>();
  /** The last Host seen and its verdict: a browser or a load generator sends the same one every time. */
  #lastHost = '';
  #lastVerdict: Verdict = OK;

  /** `bound`: the address the server listens on (--host); `named`: the --allowed-host values, checked. */
  constructor(bound: string, named: readonly string[]) {
    this.#bound = bound.toLowerCase().replace(/^\[(.*)\]$/, '$1');
    this.#everyInterface = WILDCARDS.has(this.#bound);
    this.#named = named.map((value) => {
      const host = allowedHostOf(value);
      if (host === null) {
        throw new RangeError(
          `allowed host "${value.slice(0, 60)}" is not a host name such as demo.example.com, or a domain such as .example.com (G13)`,
        );
      }
      return host;
    });
  }

  /** The verdict on a request's Host (or, for a request in absolute form, its target's host). */
  verdict(value: string | undefined, httpVersion: string): Verdict {
    if (value === undefined || value === '') {
      return httpVersion === '1.0'
        ? OK
        : {
            ok: false,
            status: 400,
            slug: 'host-required',
            detail:
              'An HTTP/1.1 request needs a Host header naming the server it is for (G8); send Host: 127.0.0.1:<port>.',
          };
    }
    if (value === this.#lastHost) return this.#lastVerdict;
    const verdict = this.#kept.get(value) ?? this.#judge(value);
    this.#lastHost = value;
    this.#lastVerdict = verdict;
    if (value.length <= LONGEST_KEPT) {
      if (this.#kept.size >= VERDICTS_KEPT) this.#kept.clear();
      this.#kept.set(value, verdict);
    }
    return verdict;
  }

  #judge(value: string): Verdict {
    const host = hostOf(value);
    if (host === null) {
      return {
        ok: false,
        status: 400,
        slug: 'malformed-host',
        detail: `The Host header is not a host name and port (G8): got ${JSON.stringify(value.slice(0, 60))}. Send Host: 127.0.0.1:<port>, or the name you reach this server by.`,
      };
    }
    if (isLoopbackHost(host) || host === this.#bound || (this.#everyInterface && isIP(host) !== 0)) return OK;
    if (
      this.#named.some((name) => (name.startsWith('.') ? host === name.slice(1) || host.endsWith(name) : host === name))
    )
      return OK;
    return {
      ok: false,
      status: 403,
      slug: 'host-refused',
      detail: `This server does not answer to the host name ${host.slice(0, 60)} (G13): only to loopback names (localhost, *.localhost, 127.0.0.1, [::1]), the address it listens on (${this.#bound || 'every interface'})${this.#named.length > 0 ? ` and ${this.#named.join(', ')}` : ''}. A web page on another name may be a DNS-rebinding attack; if you reach standin by this name on purpose, start it with --allowed-host ${host.slice(0, 60)}.`,
    };
  }
}

/** The host a request is for: its target's when in absolute form (RFC 9112 §3.2.2), else its Host header. */
function requestHost(request: IncomingMessage): string | undefined {
  const target = request.url ?? '';
  // The scheme in any letter case, as URL parsers take it (the adapter then reads the target's host).
  if (/^https?:\/\//i.test(target)) {
    const start = target.indexOf('//') + 2;
    const end = target.indexOf('/', start);
    return target.slice(start, end === -1 ? undefined : end);
  }
  return request.headers.host;
}

/**
 * Answers a request whose host this server does not serve, and says so; false when the request may go on.
 * @example if (refuseHost(check, request, response)) return;
 */
export function refuseHost(check: HostCheck, request: IncomingMessage, response: ServerResponse): boolean {
  const verdict = check.verdict(requestHost(request), request.httpVersion);
  if (verdict.ok) return false;
  const body = problemJson(verdict.status, verdict.slug, verdict.detail);
  response.writeHead(verdict.status, {
    'content-type': 'application/problem+json',
    'content-length': Buffer.byteLength(body),
    ...(verdict.status === 400 ? { connection: 'close' } : {}),
  });
  response.end(body);
  return true;
}

/** What standin serve says it is to a CONNECT: the one sentence of the answer a front words its own way. */
const NOT_A_PROXY = 'standin is not a proxy';

/**
 * G8: a CONNECT (a tunnel's method) gets a problem and the connection closed, rather than no answer at all. One
 * answer for every front; `said` is what the front is (standin proxy names what it forwards, and where).
 * @example server.on('connect', connectAnswer())
 */
export function connectAnswer(said = NOT_A_PROXY): (request: IncomingMessage, socket: Duplex) => void {
  const body = problemJson(
    405,
    'method-not-allowed',
    `${said}: CONNECT is not answered (G8). Send GET, POST, PUT, PATCH, DELETE or OPTIONS to its paths.`,
  );
  const head = [
    'HTTP/1.1 405 Method Not Allowed',
    'Content-Type: application/problem+json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Connection: close',
  ];
  const answer = `${head.join('\r\n')}\r\n\r\n${body}`;
  return (_request, socket) => socket.end(answer, () => socket.destroy());
}
