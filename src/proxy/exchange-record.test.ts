// What the proxy keeps of an exchange once its end is told: a count in the tally, an entry in the journal and one
// in the HAR file, secrets out of each; settled() waits for every exchange begun until all of that is done.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { endedExchange } from '../../test/support/ended-exchange.js';
import { RequestJournal } from '../runtime/request-journal.js';
import { getCompiledSpec, loadSpecChecks } from '../spec/compiled-spec.js';
import { ExchangeRecorder } from './exchange-record.js';
import { HarFile } from './har-file.js';
import { ProxyTally } from './proxy-tally.js';

// The response checks load on demand (spec-source.ts), as the proxy's start loads them: run alone, no earlier file of
// the worker has loaded them, and a checked exchange would be told to `warn` instead.
beforeAll(() => loadSpecChecks());

/** Each test's HAR file and its folder: closed and removed after it, whatever it asserted. A file left open is
 * closed by the garbage collector instead, Node's DEP0137 warning in some later file of the run. */
const opened: Array<{ har: HarFile; folder: string }> = [];

afterEach(async () => {
  for (const { har, folder } of opened.splice(0)) {
    await har.close();
    rmSync(folder, { recursive: true, force: true });
  }
});

async function recorderWithHar() {
  const spec = getCompiledSpec();
  const folder = mkdtempSync(join(tmpdir(), 'standin-record-'));
  const path = join(folder, 'exchanges.har');
  const har = await HarFile.create(path, '0.0.0', (error) => {
    throw error;
  });
  opened.push({ har, folder });
  const journal = new RequestJournal();
  const tally = new ProxyTally((rule, part) => spec.rules.sourceOf(rule, part));
  const warned: string[] = [];
  const recorder = new ExchangeRecorder({
    spec,
    journal,
    tally,
    har,
    upstreamRoot: 'https://api.example.com',
    warn: (message) => warned.push(message),
  });
  return { recorder, journal, tally, har, path, warned };
}

describe('an exchange recorded', () => {
  it('is kept in the tally, the journal and the HAR file, and settled() waits for it from its start', async () => {
    const { recorder, journal, tally, har, path, warned } = await recorderWithHar();
    const record = recorder.begin();
    const first = await Promise.race([recorder.settled().then(() => 'settled'), Promise.resolve('under way')]);
    expect(first).toBe('under way');
    record(
      endedExchange({
        path: '/api/v2/nowhere?api_key=key_5f3c9a7e',
        responseHeaders: [['Content-Type', 'image/gif']],
        responseBody: 'GIF8',
      }),
    );
    await recorder.settled();
    expect(tally.summary()).toMatchObject({ exchanges: 1, unchecked: 1 });
    expect(journal.list()).toMatchObject([
      {
        method: 'GET',
        path: '/api/v2/nowhere?api_key=%5Bredacted%5D',
        status: 200,
        request_body: null,
        response_body: '(4 bytes of image/gif)',
      },
    ]);
    await har.close();
    const file = JSON.parse(readFileSync(path, 'utf8')) as { log: { entries: Array<{ request: { url: string } }> } };
    expect(file.log.entries.map((e) => e.request.url)).toEqual([
      'https://api.example.com/api/v2/nowhere?api_key=%5Bredacted%5D',
    ]);
    expect(warned).toEqual([]);
  });

  it("journals a checked exchange's findings and request problems, and counts it checked", async () => {
    const { recorder, journal, tally } = await recorderWithHar();
    recorder.begin()(endedExchange({ path: '/api/v2/goals?per_page=lots', responseBody: '[]' }));
    await recorder.settled();
    expect(tally.summary()).toMatchObject({ exchanges: 1, checked: 1 });
    const [entry] = journal.list();
    expect(entry!.request_problems!.length).toBeGreaterThan(0);
    expect(entry!.findings!.length).toBeGreaterThan(0);
  });
});
