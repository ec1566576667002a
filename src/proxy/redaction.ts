// Owns keeping secrets out of what standin proxy stores or shows (the journal, the dashboard, the HAR file, the
// summary and JUnit): credentials in headers are replaced whole, the values of query parameters and JSON fields
// whose names say secret (whatever those values are), and every other appearance of a secret the request
// carried — its credentials wherever an answer echoes them, as sent or percent-encoded, JSON-escaped (`\/`
// included), or in base64 at any alignment inside a longer run (an octet-stream or ndjson answer kept as base64).

export const REDACTED = '[redacted]';

/** Headers whose values are credentials: replaced, the scheme of an Authorization kept (`Bearer [redacted]`). */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

/** The words that end the name of a secret: `token`, `webhook_secret`, `api-key`, `signatures`, `credentials`. */
const SECRET_WORDS = '(token|secret|password|passwd|passphrase|api[_-]?key|signature|credential|private[_-]?key)s?';

/**
 * Names of headers, query parameters and JSON fields that hold secrets, however the name is joined
 * (`access_token`, `accessToken`, `X-CSRFToken`, `clientSecret`; WH1's hook token is in its query): a name that
 * ends in a secret word. Taking `csrftoken` for one costs a redacted value; missing `accessToken` leaked one.
 */
const SECRET_NAME = new RegExp(`${SECRET_WORDS}$`, 'i');

/** A JSON key that SECRET_NAME would take, as it ends in the text: `…Token": ` (a cheap look before a parse). */
const SECRET_KEY = new RegExp(`${SECRET_WORDS}"\\s*:`, 'i');

/** The shortest text taken for a secret: a shorter one would redact ordinary words. */
const SHORTEST_SECRET = 6;

/** The shortest run of base64 taken for a piece of a secret: shorter runs turn up by chance. */
const SHORTEST_BASE64 = 8;

/**
 * The runs of base64 that stand for `value` wherever it sits in a longer encoded text: for each of the three
 * alignments a byte can have (its offset modulo 3), the characters that depend on the secret's bytes alone.
 * @example base64Runs('tok_live_5f3c') // ['dG9rX2xpdmVfNWYz', …] (standard and URL-safe)
 */
function base64Runs(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const runs: string[] = [];
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // A prefix of `offset` bytes mixes into the first characters (none, 2, 3 of them); the last group that is
    // not whole mixes with whatever follows.
    const start = [0, 2, 3][offset] ?? 0;
    const end = Math.floor((offset + bytes.length) / 3) * 4;
    const run = encoded.slice(start, end);
    if (run.length >= SHORTEST_BASE64) runs.push(run, run.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return runs;
}

/** The values of a request body's secret-named JSON fields, at any depth (their strings, numbers, nested leaves). */
function secretFieldValues(text: string): string[] {
  const trimmed = text.trimStart();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('[')) || !(SECRET_KEY.test(text) || text.includes('\\u')))
    return [];
  const found: string[] = [];
  const leaves = (value: unknown): void => {
    if (typeof value === 'string' || typeof value === 'number') found.push(String(value));
    else if (value && typeof value === 'object') for (const inner of Object.values(value)) leaves(inner);
  };
  try {
    JSON.parse(text, (key, value: unknown) => {
      if (key !== '' && SECRET_NAME.test(key)) leaves(value);
      return value;
    });
  } catch {
    // Not JSON: nothing named.
  }
  return found;
}

/**
 * The secrets one request carries: the credentials of its Authorization headers (a Basic one's user and password
 * too), its cookies' values, the values of its secret-named headers, query parameters and body fields. Every text
 * kept about the exchange has them replaced, in every form an answer may echo them in.
 */
export class Secrets {
  /** Every form of every secret, longest first (a form that holds another is replaced whole). */
  #forms: string[] = [];
  readonly #seen = new Set<string>();

  constructor(headers: Array<[string, string]>, pathWithQuery: string, requestBody?: string) {
    for (const [name, value] of headers) {
      const lower = name.toLowerCase();
      if (lower === 'authorization' || lower === 'proxy-authorization') this.#addCredential(value);
      else if (lower === 'cookie') for (const pair of value.split(';')) this.#add(pair.slice(pair.indexOf('=') + 1));
      // X-Auth-Token, X-CSRFToken…: a header whose name says secret is one, as a query parameter's is.
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
    if (requestBody !== undefined) for (const value of secretFieldValues(requestBody)) this.#add(value);
    this.#forms.sort((a, b) => b.length - a.length);
  }

  /** An Authorization value: its credentials, and for Basic the user:password they encode and the password. */
  #addCredential(value: string): void {
    const [scheme = '', credentials = value] = /^(\S+)\s+(.*)$/.exec(value.trim())?.slice(1) ?? [];
    this.#add(credentials);
    if (scheme.toLowerCase() !== 'basic') return;
    const decoded = Buffer.from(credentials, 'base64').toString('utf8');
    this.#add(decoded);
    this.#add(decoded.slice(decoded.indexOf(':') + 1));
  }

  #add(value: string): void {
    const trimmed = value.trim();
    if (trimmed.length < SHORTEST_SECRET || this.#seen.has(trimmed)) return;
    this.#seen.add(trimmed);
    const json = JSON.stringify(trimmed).slice(1, -1);
    const forms = [
      trimmed,
      // A secret an answer quotes in a URL of its own (a link, a Location) is percent-encoded there.
      encodeURIComponent(trimmed),
      // In a JSON string: escaped as JSON.stringify escapes, and with `/` as `\/` as PHP's and others' do.
      json,
      json.replaceAll('/', '\\/'),
      ...base64Runs(trimmed),
    ];
    for (const form of forms) if (form.length >= SHORTEST_SECRET && !this.#forms.includes(form)) this.#forms.push(form);
  }

  /** A text with every secret of the request replaced. */
  text(value: string): string {
    let out = value;
    for (const secret of this.#forms) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }

  /**
   * Bytes that are kept as base64 (an octet-stream or ndjson answer in the HAR file), with every secret replaced
   * in them before they are encoded: a secret's base64 form is then gone as well.
   */
  bytes(value: Buffer): Buffer {
    if (this.#forms.length === 0) return value;
    // latin1 maps each byte to one character and back: the UTF-8 bytes of a form are found as they lie.
    let out = value.toString('latin1');
    let changed = false;
    for (const form of this.#forms) {
      const raw = Buffer.from(form, 'utf8').toString('latin1');
      if (!out.includes(raw)) continue;
      out = out.split(raw).join(REDACTED);
      changed = true;
    }
    return changed ? Buffer.from(out, 'latin1') : value;
  }

  /**
   * A finding's text as kept: every secret replaced, and the start of one that a quote cut short (`got
   * "tok_live_5f3c…..."`, the checks' preview), which `text` would miss.
   */
  quoted(value: string): string {
    let out = this.text(value);
    for (const secret of this.#seen) {
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
   * A body as kept: JSON with secret-named fields replaced whatever they hold (a string, a number, an object or
   * an array; written again compactly, only when one was), then every secret.
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
          if (key !== '' && SECRET_NAME.test(key) && value !== null && value !== REDACTED) {
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
