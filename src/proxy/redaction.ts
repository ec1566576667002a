// Owns keeping secrets out of what standin proxy stores or shows (the journal, the dashboard, the HAR file):
// credentials in headers are replaced whole, the values of query parameters and JSON fields whose names say
// secret, and every other appearance of a secret the request carried (a token a body or a URL echoes).

export const REDACTED = '[redacted]';

/** Headers whose values are credentials: replaced, the scheme of an Authorization kept (`Bearer [redacted]`). */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

/** The words that end the name of a secret: `token`, `webhook_secret`, `api-key`, `signatures`. */
const SECRET_WORDS = '(token|secret|password|passwd|api[_-]?key|signature)s?';

/** Names of query parameters and JSON fields that hold secrets (WH1's hook token is in its query). */
const SECRET_NAME = new RegExp(`(^|[_-])${SECRET_WORDS}$`, 'i');

/** A JSON key that SECRET_NAME would take, as it ends in the text: `…token": ` (a cheap look before a parse). */
const SECRET_KEY = new RegExp(`${SECRET_WORDS}"\\s*:`, 'i');

/** The shortest text taken for a secret: a shorter one would redact ordinary words. */
const SHORTEST_SECRET = 6;

/**
 * The secrets one request carries: the credentials of its Authorization headers and the values of its
 * secret-named query parameters. Every text kept about the exchange has them replaced.
 */
export class Secrets {
  readonly #values = new Set<string>();

  constructor(headers: Array<[string, string]>, pathWithQuery: string) {
    for (const [name, value] of headers) {
      const lower = name.toLowerCase();
      if (lower === 'authorization' || lower === 'proxy-authorization') this.#add(value.replace(/^\S+\s+/, ''));
      // X-Auth-Token, X-CSRF-Token…: a header whose name says secret is one, as a query parameter's is.
      else if (lower === 'x-api-key' || SECRET_NAME.test(lower)) this.#add(value);
    }
    const question = pathWithQuery.indexOf('?');
    if (question !== -1) {
      for (const pair of pathWithQuery.slice(question + 1).split('&')) {
        const [[name, value] = ['', '']] = new URLSearchParams(pair);
        if (!SECRET_NAME.test(name)) continue;
        this.#add(value);
        // As sent too: an upstream that echoes the URL it got echoes `abc%2Fdef`, not `abc/def`.
        this.#add(pair.slice(pair.indexOf('=') + 1));
      }
    }
  }

  #add(value: string): void {
    const trimmed = value.trim();
    if (trimmed.length < SHORTEST_SECRET) return;
    this.#values.add(trimmed);
    // A secret an answer quotes in a URL of its own (a link, a Location) is percent-encoded there.
    this.#values.add(encodeURIComponent(trimmed));
  }

  /** A text with every secret of the request replaced. */
  text(value: string): string {
    let out = value;
    for (const secret of this.#values) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }

  /**
   * A finding's text as kept: every secret replaced, and the start of one that a quote cut short (`got
   * "tok_live_5f3c…..."`, the checks' preview), which `text` would miss.
   */
  quoted(value: string): string {
    let out = this.text(value);
    for (const secret of this.#values) {
      for (let length = secret.length - 1; length >= SHORTEST_SECRET; length--) {
        const start = `${secret.slice(0, length)}...`;
        if (out.includes(start)) out = out.split(start).join(`${REDACTED}...`);
      }
    }
    return out;
  }

  /** A header's value as kept: a credential header's replaced, any other's with the secrets replaced. */
  header(name: string, value: string): string {
    const lower = name.toLowerCase();
    if (lower === 'authorization' || lower === 'proxy-authorization') {
      const scheme = /^(\S+)\s+\S/.exec(value)?.[1];
      return scheme ? `${scheme} ${REDACTED}` : REDACTED;
    }
    return SECRET_HEADERS.has(lower) || SECRET_NAME.test(lower) ? REDACTED : this.text(value);
  }

  /** A path and query as kept: secret-named parameters' values replaced, then every secret. */
  path(pathWithQuery: string): string {
    const question = pathWithQuery.indexOf('?');
    if (question === -1) return this.text(pathWithQuery);
    const query = pathWithQuery
      .slice(question + 1)
      .split('&')
      .map((pair) => {
        const equals = pair.indexOf('=');
        if (equals === -1) return pair;
        let name = pair.slice(0, equals);
        try {
          name = decodeURIComponent(name.replace(/\+/g, ' '));
        } catch {
          // A malformed escape: judged by the name as sent.
        }
        return SECRET_NAME.test(name) ? `${pair.slice(0, equals)}=${encodeURIComponent(REDACTED)}` : pair;
      })
      .join('&');
    return this.text(`${pathWithQuery.slice(0, question)}?${query}`);
  }

  /**
   * A body as kept: JSON with secret-named string fields replaced (written again compactly, only when one was),
   * then every secret.
   */
  body(text: string): string {
    const trimmed = text.trimStart();
    // Parsed and written again only when a key may name a secret: for most answers (a page of goals) the
    // round trip was a tenth of the proxy's time per exchange (npm run bench:proxy's profile). A key written
    // with \u escapes cannot be seen from outside, so any escape parses too.
    if ((trimmed.startsWith('{') || trimmed.startsWith('[')) && (SECRET_KEY.test(text) || text.includes('\\u'))) {
      try {
        let changed = false;
        const scrubbed = JSON.stringify(JSON.parse(text), (key, value: unknown) => {
          if (typeof value === 'string' && key !== '' && SECRET_NAME.test(key) && value !== REDACTED) {
            changed = true;
            return REDACTED;
          }
          return value;
        });
        if (changed) return this.text(scrubbed);
      } catch {
        // Not JSON after all: the secrets alone.
      }
    }
    return this.text(text);
  }
}
