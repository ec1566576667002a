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
 * The most secrets one request is taken to carry. A request carrying more (any page can send one: 20,000 values of
 * a `tokens` field stalled the proxy 24 s, looking each up in every text kept) has every text of its exchange kept
 * as [redacted] whole: never a secret shown, never a stall. A browser's cookies on localhost stay well under it.
 */
const MOST_SECRETS = 128;

/**
 * The longest request body whose JSON is read for secret-named fields: an API's bodies are far smaller (standin's
 * G8 refuses over 1 MiB). A longer one that may name a secret (a form, or JSON naming one or holding an escape) is
 * taken for one carrying too many (MOST_SECRETS): the parse of an 8 MiB one alone held the proxy for seconds.
 */
const LONGEST_READ_BODY = 2 ** 20;

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

/** Whether a text may be JSON with a secret-named key: it starts as JSON does, and names one or holds an escape. */
function mayNameSecrets(text: string): boolean {
  const trimmed = text.trimStart();
  return (trimmed.startsWith('{') || trimmed.startsWith('[')) && (SECRET_KEY.test(text) || text.includes('\\u'));
}

/**
 * The values of a request body's secret-named JSON fields, at any depth (their strings, numbers, nested leaves):
 * at most `most` of them (the caller needs to know only that there are more). Parsed without a reviver and walked
 * after: a reviver made the parse of a 2 MB body 0.5 s, and gathering 200,000 leaves nobody reads 1 s more.
 */
function secretFieldValues(text: string, most: number): string[] {
  if (!mayNameSecrets(text)) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return []; // Not JSON: nothing named.
  }
  const found: string[] = [];
  // Depth first, without recursion (a body nests as deep as it likes); `secret` says it is under a secret name.
  const stack: Array<{ value: unknown; secret: boolean }> = [{ value: parsed, secret: false }];
  while (stack.length > 0 && found.length < most) {
    const { value, secret } = stack.pop()!;
    if (secret && (typeof value === 'string' || typeof value === 'number')) found.push(String(value));
    else if (Array.isArray(value)) for (const inner of value) stack.push({ value: inner, secret });
    else if (value && typeof value === 'object')
      for (const key in value)
        stack.push({ value: (value as Record<string, unknown>)[key], secret: secret || SECRET_NAME.test(key) });
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
  /** Whether the request carried more than MOST_SECRETS: then every text is kept as [redacted] whole. */
  #overflow = false;

  constructor(headers: Array<[string, string]>, pathWithQuery: string, requestBody?: string) {
    let form = false;
    for (const [name, value] of headers) {
      const lower = name.toLowerCase();
      if (lower === 'authorization' || lower === 'proxy-authorization') this.#addCredential(value);
      else if (lower === 'cookie') for (const pair of value.split(';')) this.#add(pair.slice(pair.indexOf('=') + 1));
      // X-Auth-Token, X-CSRFToken…: a header whose name says secret is one, as a query parameter's is.
      else if (lower === 'x-api-key' || SECRET_NAME.test(lower)) this.#add(value);
      if (lower === 'content-type' && /^\s*application\/x-www-form-urlencoded/i.test(value)) form = true;
    }
    const question = pathWithQuery.indexOf('?');
    if (question !== -1) this.#addNamedPairs(pathWithQuery.slice(question + 1));
    if (requestBody !== undefined) {
      if (requestBody.length > LONGEST_READ_BODY && (form || mayNameSecrets(requestBody))) this.#overflow = true;
      // A form's fields are named as a query's are (an OAuth token request: `password=…&client_secret=…`).
      else if (form) this.#addNamedPairs(requestBody);
      else for (const value of secretFieldValues(requestBody, MOST_SECRETS + 1)) this.#add(value);
    }
    this.#forms.sort((a, b) => b.length - a.length);
  }

  /** The values of the secret-named pairs of a query or a form body (`a=1&access_token=…`). */
  #addNamedPairs(text: string): void {
    for (const pair of text.split('&')) {
      if (this.#overflow) return;
      const [[name, value] = ['', '']] = new URLSearchParams(pair);
      if (!SECRET_NAME.test(name)) continue;
      this.#add(value);
      // As sent too: an upstream that echoes the URL it got echoes `abc%2Fdef`, not `abc/def`.
      this.#add(pair.slice(pair.indexOf('=') + 1));
    }
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
    if (this.#overflow || trimmed.length < SHORTEST_SECRET || this.#seen.has(trimmed)) return;
    if (this.#seen.size === MOST_SECRETS) {
      this.#overflow = true;
      this.#forms = [];
      return;
    }
    this.#seen.add(trimmed);
    const json = JSON.stringify(trimmed).slice(1, -1);
    const encoded = encodeURIComponent(trimmed);
    const forms = [
      trimmed,
      // A secret an answer quotes in a URL of its own (a link, a Location) is percent-encoded there, its escapes'
      // hex in either case (RFC 3986 §2.1 lets an encoder write `%2f`).
      encoded,
      encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
      // In a JSON string: escaped as JSON.stringify escapes, and with `/` as `\/` as PHP's and others' do.
      json,
      json.replaceAll('/', '\\/'),
      ...base64Runs(trimmed),
    ];
    const known = new Set(this.#forms);
    for (const form of forms) {
      if (form.length < SHORTEST_SECRET || known.has(form)) continue;
      known.add(form);
      this.#forms.push(form);
    }
  }

  /** A text with every secret of the request replaced. */
  text(value: string): string {
    if (this.#overflow) return value === '' ? value : REDACTED;
    let out = value;
    for (const secret of this.#forms) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }

  /**
   * Bytes that are kept as base64 (an octet-stream or ndjson answer in the HAR file), with every secret replaced
   * in them before they are encoded: a secret's base64 form is then gone as well.
   */
  bytes(value: Buffer): Buffer {
    if (this.#overflow) return value.length === 0 ? value : Buffer.from(REDACTED);
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
    if (this.#overflow) return REDACTED;
    if (lower === 'authorization' || lower === 'proxy-authorization') {
      const scheme = /^(\S+)\s+\S/.exec(value)?.[1];
      return scheme ? `${scheme} ${REDACTED}` : REDACTED;
    }
    return SECRET_HEADERS.has(lower) || SECRET_NAME.test(lower) ? REDACTED : this.text(value);
  }

  /** A path and query as kept: secret-named parameters' values replaced, then every secret. */
  path(pathWithQuery: string): string {
    if (this.#overflow) return REDACTED;
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
    if (this.#overflow) return this.text(text);
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
          // A string read through its escapes: an encoder that writes `+` as `\u002B` (.NET's) hid a secret.
          if (typeof value === 'string') {
            const kept = this.text(value);
            if (kept !== value) changed = true;
            return kept;
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
