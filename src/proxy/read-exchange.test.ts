// What the proxy reads of an ended exchange: bodies decoded as the upstream and the app read them (or not at all,
// when cut or in an encoding it cannot read), headers by name, and the request's secrets known for all it keeps.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { endedExchange } from '../../test/support/ended-exchange.js';
import { CAPTURE_BYTES, CaptureBudget } from './body-capture.js';
import { decoded, readExchange } from './read-exchange.js';

const json = Buffer.from('{"name":"Ada"}');

describe('a body decoded', () => {
  it.each([
    [undefined, json],
    ['identity', json],
    ['gzip', gzipSync(json)],
    [' X-GZIP ', gzipSync(json)],
    ['deflate', deflateSync(json)],
    ['br', brotliCompressSync(json)],
  ])('from Content-Encoding %s', (encoding, raw) => {
    expect(decoded(raw, encoding)).toEqual(json);
  });

  it('is nothing for no body whatever its encoding says (a 304 keeps the 200 one), never unreadable', () => {
    expect(decoded(Buffer.alloc(0), 'gzip')).toEqual(Buffer.alloc(0));
  });

  it.each([
    ['an encoding it does not read', Buffer.from('x'), 'compress'],
    ['a broken gzip stream', Buffer.from('not gzip at all'), 'gzip'],
    ['gzip that opens past what the proxy keeps', gzipSync(Buffer.alloc(CAPTURE_BYTES + 1)), 'gzip'],
  ])('is unreadable (null) for %s', (_what, raw, encoding) => {
    expect(decoded(raw, encoding)).toBeNull();
  });
});

describe('an ended exchange read', () => {
  it('reads a request body sent gzip as the upstream does, a cut answer as none, and gives every byte back', () => {
    const budget = new CaptureBudget(1000);
    const read = readExchange(
      endedExchange({
        method: 'POST',
        path: '/api/v2/goals',
        requestHeaders: [
          ['Content-Type', 'application/json'],
          ['Content-Encoding', 'gzip'],
        ],
        requestBody: gzipSync(json),
        responseBody: '{"id":',
        cut: 'the answer did not reach the client whole',
        budget,
      }),
    );
    expect(read.requestText).toBe(json.toString());
    expect(read.requestHeaders['content-encoding']).toBe('gzip');
    expect([read.responseRaw, read.responseBytes, read.responseText]).toEqual([null, null, null]);
    expect(budget.take(1000)).toBe(true);
  });

  it("knows the request's secrets: its path is shown without them, and an answer echoing one is kept without it", () => {
    const read = readExchange(
      endedExchange({
        path: '/hooks/activity?token=hook_5f3c9a7e',
        requestHeaders: [['Authorization', 'Bearer tok_live_5f3c9a7']],
      }),
    );
    expect(read.shownPath).toBe('/hooks/activity?token=%5Bredacted%5D');
    expect(read.secrets.body('{"echo":"tok_live_5f3c9a7 and hook_5f3c9a7e"}')).toBe(
      '{"echo":"[redacted] and [redacted]"}',
    );
  });
});
