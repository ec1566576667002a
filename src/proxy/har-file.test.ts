// The HAR file's writer: whole JSON after every entry, and a queue bounded in bytes (entries past it go without
// their bodies, saying so).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { HAR_BACKLOG_BYTES, HarFile, type HarEntry } from './har-file.js';

function entry(text: string): HarEntry {
  return {
    startedDateTime: '2026-11-20T15:00:00.000Z',
    time: 1,
    request: {
      method: 'POST',
      url: 'https://api.example.com/api/v2/goals',
      httpVersion: 'HTTP/1.1',
      headers: [],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: text.length,
      postData: { mimeType: 'application/json', text },
    },
    response: {
      status: 201,
      statusText: 'Created',
      httpVersion: 'HTTP/1.1',
      headers: [],
      cookies: [],
      content: { size: text.length, mimeType: 'application/json', text },
      redirectURL: '',
      headersSize: -1,
      bodySize: text.length,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  };
}

it('keeps at most HAR_BACKLOG_BYTES waiting: entries past it are written without their bodies, and say why', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'standin-har-')), 'out', 'session.har');
  const har = await HarFile.create(file, '0.0.0', (error) => {
    throw error;
  });
  const body = `"${'x'.repeat(2 ** 20)}"`;
  const count = Math.ceil(HAR_BACKLOG_BYTES / 2 ** 21) + 8;
  // All queued at once, as a burst of large exchanges faster than the disk would.
  await Promise.all(Array.from({ length: count }, () => har.append(entry(body))));
  await har.close();
  const log = JSON.parse(readFileSync(file, 'utf8')) as { log: { entries: HarEntry[] } };
  expect(log.log.entries).toHaveLength(count);
  const kept = log.log.entries.filter((e) => e.response.content.text === body);
  const shed = log.log.entries.filter((e) => e.response.content.comment?.includes('fell behind'));
  expect(kept.length).toBeGreaterThan(0);
  expect(shed.length).toBeGreaterThan(0);
  expect(kept.length + shed.length).toBe(count);
  expect(kept.length * 2 * body.length).toBeLessThanOrEqual(HAR_BACKLOG_BYTES + 4 * body.length);
  expect(shed.every((e) => e.request.postData?.text === '')).toBe(true);
});
