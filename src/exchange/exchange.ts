// Owns what one exchange with the API is, as a checker sees it — the request sent and the answer got, with its
// body text and parsed JSON — and what a check of it finds: a problem under the rule (and part) it breaks.
// The kit's checking client and standin proxy both describe their exchanges so (src/exchange checks them).

/** A header list as both sides have it: a WHATWG Headers, or lowercase names to values. */
export interface HeaderReader {
  get(name: string): string | null;
  has(name: string): boolean;
}

export interface ObservedExchange {
  method: string;
  /** The path relative to the API's base path (`/goals?page=2`), or from the service root for the hook (WH1). */
  path: string;
  /** The request's headers, when known (the kit's client knows only the ones it set). */
  requestHeaders?: HeaderReader;
  /** The request body's text, if it had one. */
  requestBody?: string;
  status: number;
  headers: HeaderReader;
  /** The answer's body: parsed JSON when its content type says JSON and it parses, else its text; undefined when empty. */
  body: unknown;
  /** The answer's body as text ('' for none). */
  text: string;
}

/** What a check found: a problem, under the rule (and the part of it) the exchange breaks. */
export interface ExchangeFinding {
  rule: string;
  part?: string;
  problem: string;
}

/**
 * A header list from a plain record (names any case), for exchanges read off node:http.
 * @example headerReader({ 'Content-Type': 'application/json' }).get('content-type') // 'application/json'
 */
export function headerReader(record: Record<string, string | string[] | undefined>): HeaderReader {
  const lower = new Map<string, string>();
  for (const [name, value] of Object.entries(record)) {
    if (value === undefined) continue;
    lower.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value);
  }
  return { get: (name) => lower.get(name.toLowerCase()) ?? null, has: (name) => lower.has(name.toLowerCase()) };
}

/**
 * The body of an answer as a checker reads it: JSON when the content type says JSON and it parses, the text
 * itself when it does not (a finding says so), undefined when empty.
 * @example parsedBody('{"a":1}', 'application/json') // { a: 1 }
 */
export function parsedBody(text: string, contentType: string | null): unknown {
  if (text === '') return undefined;
  if (!/json/.test(contentType ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
