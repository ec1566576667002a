// The HAR entry of one exchange: the upstream's URL and query, both bodies (text, or base64 for a binary answer),
// the timings, why a body was not kept, the findings; the request's secrets out of all of it.
import { beforeAll, describe, expect, it } from 'vitest';
import { endedExchange, type ExchangeParts } from '../../test/support/ended-exchange.js';
import { getCompiledSpec, loadSpecChecks } from '../spec/compiled-spec.js';
import { exchangeOutcome } from './exchange-outcome.js';
import { harEntry } from './har-entry.js';
import { readExchange } from './read-exchange.js';

const ROOT = 'https://api.example.com';

function entryOf(parts: ExchangeParts) {
  const read = readExchange(endedExchange(parts));
  return harEntry(read, exchangeOutcome(read, getCompiledSpec()), ROOT);
}

describe("an exchange's HAR entry", () => {
  // A built tree's body checks load on demand; the files run before this one in a worker may not have asked.
  beforeAll(() => loadSpecChecks());

  it("holds the request at the upstream's URL with its query and body, its secrets redacted", () => {
    const body = '{"title":"Ship it","client_secret":"cs_5f3c9a7e"}';
    const entry = entryOf({
      method: 'POST',
      path: '/api/v2/goals?per_page=5&access_token=tok_live_5f3c9a7',
      requestHeaders: [
        ['Authorization', 'Bearer tok_live_5f3c9a7'],
        ['Content-Type', 'application/json'],
      ],
      requestBody: body,
      status: 201,
      statusText: 'Created',
      responseBody: '{"echo":"cs_5f3c9a7e"}',
      waited: 12.3456,
    });
    expect(entry.request).toMatchObject({
      method: 'POST',
      url: `${ROOT}/api/v2/goals?per_page=5&access_token=%5Bredacted%5D`,
      headers: [
        { name: 'Authorization', value: 'Bearer [redacted]' },
        { name: 'Content-Type', value: 'application/json' },
      ],
      queryString: [
        { name: 'per_page', value: '5' },
        { name: 'access_token', value: '[redacted]' },
      ],
      bodySize: body.length,
      postData: { mimeType: 'application/json', text: '{"title":"Ship it","client_secret":"[redacted]"}' },
    });
    expect(entry.response).toMatchObject({ status: 201, statusText: 'Created', content: { size: 22 } });
    expect(entry.response.content.text).toBe('{"echo":"[redacted]"}');
    expect(entry.timings.wait).toBe(12.346);
    expect(entry._standin).toMatchObject({ operation: 'createGoal' });
    expect(JSON.stringify(entry)).not.toMatch(/tok_live_5f3c9a7|cs_5f3c9a7e/);
  });

  it('keeps a binary answer as base64, the secrets replaced in its bytes before it is encoded', () => {
    const entry = entryOf({
      path: '/api/v2/nowhere',
      requestHeaders: [['Authorization', 'Bearer tok_live_5f3c9a7']],
      responseHeaders: [['Content-Type', 'application/octet-stream']],
      responseBody: Buffer.from('\x00\x01tok_live_5f3c9a7\x02'),
    });
    expect(entry.response.content.encoding).toBe('base64');
    expect(Buffer.from(entry.response.content.text!, 'base64').toString('latin1')).toBe('\x00\x01[redacted]\x02');
    expect(entry).toMatchObject({
      comment: 'not in the spec: passed on unchecked',
      _standin: { operation: null, note: 'not in the spec: passed on unchecked' },
    });
  });

  it('says why an answer cut midway has no body, and counts neither its size nor its bytes', () => {
    const cut = 'the answer did not reach the client whole';
    const entry = entryOf({ cut, responseBody: '{"id":' });
    expect(entry.response.content).toEqual({ size: -1, mimeType: 'application/json', comment: cut });
    expect(entry.response.bodySize).toBe(-1);
    expect(entry.comment).toBe(`cut midway (${cut}): passed on unchecked`);
  });
});
