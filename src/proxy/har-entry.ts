// Owns the HAR 1.2 entry standin proxy writes for one exchange (har-file.ts writes it): both bodies (as text, or
// base64 for a binary answer), the timings (`wait` until the answer's head, `receive` after), why a body was not
// kept, and `_standin`: the operation, the findings and the request problems. Every header, the URL and each body
// have the request's secrets out of them.
import type { ExchangeOutcome } from './exchange-outcome.js';
import type { HarEntry } from './har-file.js';
import { isText, type ReadExchange } from './read-exchange.js';
import type { Secrets } from './redaction.js';

function pairs(headers: Array<[string, string]>, secrets: Secrets): Array<{ name: string; value: string }> {
  return headers.map(([name, value]) => ({ name, value: secrets.header(name, value) }));
}

const ms = (value: number) => Math.round(value * 1000) / 1000;

/** The entry's request: the upstream's URL, its query, its body when it had one. */
function harRequest(read: ReadExchange, upstreamRoot: string): HarEntry['request'] {
  const { ended, shownPath, requestText, secrets } = read;
  const type = read.requestHeaders['content-type'];
  const question = shownPath.indexOf('?');
  return {
    method: ended.method,
    url: `${upstreamRoot}${shownPath}`,
    httpVersion: 'HTTP/1.1',
    headers: pairs(ended.requestHeaders, secrets),
    queryString:
      question === -1
        ? []
        : [...new URLSearchParams(shownPath.slice(question + 1))].map(([name, value]) => ({ name, value })),
    cookies: [],
    headersSize: -1,
    bodySize: read.requestRaw ? read.requestRaw.length : -1,
    ...(requestText !== undefined
      ? { postData: { mimeType: type ?? '', text: isText(type) ? secrets.body(requestText) : '' } }
      : {}),
  };
}

/** The entry's response: its body as text or base64, or why it was not kept. */
function harResponse(read: ReadExchange): HarEntry['response'] {
  const { ended, responseBytes, responseText, secrets } = read;
  const type = read.responseHeaders['content-type'];
  return {
    status: ended.status,
    statusText: ended.statusText,
    httpVersion: 'HTTP/1.1',
    headers: pairs(ended.responseHeaders, secrets),
    cookies: [],
    content: {
      size: responseBytes?.length ?? -1,
      mimeType: type ?? '',
      ...(responseBytes && responseBytes.length > 0
        ? isText(type)
          ? { text: secrets.body(responseText!) }
          : { text: secrets.bytes(responseBytes).toString('base64'), encoding: 'base64' as const }
        : {}),
      ...(responseBytes ? {} : { comment: ended.cut ?? 'not kept: over 8 MiB, or in an encoding standin cannot read' }),
    },
    redirectURL: read.responseHeaders.location ?? '',
    headersSize: -1,
    bodySize: read.responseRaw ? read.responseRaw.length : -1,
  };
}

/**
 * @example await har.append(harEntry(read, outcome, 'https://api.example.com'))
 */
export function harEntry(read: ReadExchange, outcome: ExchangeOutcome, upstreamRoot: string): HarEntry {
  const { verdict, note } = outcome;
  return {
    startedDateTime: read.ended.startedAt.toISOString(),
    time: ms(read.duration),
    request: harRequest(read, upstreamRoot),
    response: harResponse(read),
    cache: {},
    timings: { send: 0, wait: ms(read.ended.waited), receive: Math.max(0, ms(read.duration - read.ended.waited)) },
    ...(note ? { comment: note } : {}),
    _standin: verdict
      ? { operation: verdict.operationId, findings: verdict.findings, request_problems: verdict.requestProblems }
      : { operation: null, note },
  };
}
