// standin import as a library (src/import/import-organisation.ts): an organisation answering in-process through an
// injected fetch, read by the real reader, anonymised, built, scanned and written; the typed result says what the
// command prints; the same salt and cache give the same bytes without a request; what the scan finds is not
// written; options no import can run with are refused naming the option.
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../src/http/app.js';
import { OptionError } from '../src/http/option-rules.js';
import { importOrganisation } from '../src/import/import-organisation.js';
import type { ImportOptions, ImportSummary } from '../src/import/import-types.js';
import { tokensOf } from '../src/import/org-records.js';
import type { ReadProgress } from '../src/import/progress-bar.js';
import { SOURCE_KINDS, type SourceOrg } from '../src/import/source-org.js';
import { NOW } from './support/harness.js';
import { IN_PROCESS_BASE, inProcessFetch, orgInProcess, readOnlyToken } from './support/org-in-process.js';

const SINCE = '2026-10-21';
const SALT = 'the salt of test/import-organisation';
const dir = mkdtempSync(join(tmpdir(), 'standin-import-organisation-'));
let organisation: Mock;
let source: SourceOrg;

beforeAll(async () => {
  organisation = createMock({ seed: 7, now: NOW });
  source = await orgInProcess(organisation, SINCE);
});
afterAll(() => organisation.close());

/** The in-process organisation's fetch, keeping the paths asked (under /api/v2). */
function counted(fetcher: typeof fetch = inProcessFetch(organisation)) {
  const paths: string[] = [];
  const counting: typeof fetch = (input, init) => {
    paths.push(new URL(input instanceof Request ? input.url : input.toString()).pathname);
    return fetcher(input, init);
  };
  return { fetch: counting, paths };
}

const options = (name: string, more: Partial<ImportOptions> = {}): ImportOptions => ({
  baseUrl: IN_PROCESS_BASE,
  token: readOnlyToken(organisation),
  out: join(dir, `${name}.json`),
  salt: SALT,
  since: SINCE,
  comments: true,
  cacheDir: join(dir, `${name}-cache`),
  fetch: inProcessFetch(organisation),
  ...more,
});

describe('importOrganisation', () => {
  it('reads through the injected fetch, tells its steps in order, and writes the world its result describes', async () => {
    const { fetch, paths } = counted();
    const told: string[] = [];
    let built: ImportSummary | undefined;
    let last: ReadProgress | undefined;
    const out = join(dir, 'acme.json');
    const result = await importOrganisation(
      options('acme', {
        fetch,
        onProgress: (progress) => {
          last = progress;
          if (told.at(-1) !== 'progress') told.push('progress');
        },
        onRead: () => told.push('read'),
        onBuilt: (summary) => {
          built = summary;
          told.push(existsSync(out) ? 'built, written' : 'built, not written yet');
        },
      }),
    );
    expect(told).toEqual(['progress', 'read', 'built, not written yet']);
    expect(result).toEqual({ ...built, written: out });
    expect(result.read).toEqual({ from: 'api', requests: paths.length, cached: 0, rateLimited: 0, waitingMs: 0 });
    expect(last?.requests).toBe(paths.length);
    expect(paths[0]).toBe('/api/v2/me');
    // Every record read is in the world (seed 7 leaves nothing out), and the counts are the written state's.
    expect(result.leftOut).toEqual({});
    const text = readFileSync(out, 'utf8');
    const state = JSON.parse(text) as { base: { records: Record<string, unknown[]> } };
    for (const kind of SOURCE_KINDS) {
      expect(result.counts[kind], kind).toBe(source[kind].length);
      expect(state.base.records[kind], kind).toHaveLength(source[kind].length);
    }
    expect(result.window).toEqual({ since: SINCE, through: null, anchor: 'given' });
    expect(result.leaks).toEqual([]);
    expect(result.bytes).toBe(Buffer.byteLength(text));
    expect(statSync(out).mode & 0o777).toBe(0o600);

    // The world served: its clock the result's, its default person the result's, with the result's token.
    const served = createMock({ seed: 1 });
    try {
      const put = await served.app.request('/__mock/state', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: text,
      });
      expect(put.status, await put.clone().text()).toBe(200);
      expect((await (await served.app.request('/__mock/clock')).json()).now).toBe(result.clock);
      const me = await served.app.request('/api/v2/me', {
        headers: { authorization: `Bearer ${result.you.tokens.readWrite}` },
      });
      expect(await me.json()).toMatchObject({
        id: result.you.id,
        name: result.you.name,
        username: result.you.username,
      });
    } finally {
      served.close();
    }
    expect(result.you.tokens).toEqual(tokensOf(SALT, result.you.id));
    expect(source.people.map((p) => p.name)).not.toContain(result.you.name);
  });

  it('writes the same bytes with the same salt, from its cache, asking nothing', async () => {
    const first = readFileSync(join(dir, 'acme.json'));
    const { fetch, paths } = counted();
    const again = await importOrganisation(
      options('acme', { fetch, out: join(dir, 'again.json'), cacheDir: join(dir, 'acme-cache') }),
    );
    expect(paths).toEqual([]);
    expect(again.read).toMatchObject({ from: 'api', requests: 0 });
    expect(readFileSync(join(dir, 'again.json')).equals(first)).toBe(true);
  });

  it('writes nothing when the scan finds the source in the output, and says what it found', async () => {
    // A username the state's own words hold ("version", a key of every state): the scan finds it there.
    const inProcess = inProcessFetch(organisation);
    const renaming: typeof fetch = async (input, init) => {
      const answer = await inProcess(input, init);
      const url = new URL(input instanceof Request ? input.url : input.toString());
      if (url.pathname !== '/api/v2/people' || url.searchParams.get('page') !== '1') return answer;
      const people = (await answer.json()) as SourceOrg['people'];
      people[3] = { ...people[3]!, username: 'version' };
      return Response.json(people, { headers: answer.headers });
    };
    const out = join(dir, 'leaky.json');
    const result = await importOrganisation(options('leaky', { fetch: renaming, out }));
    expect(result.written).toBeNull();
    expect(result.leaks.length).toBeGreaterThan(0);
    expect(result.leaks[0]).toMatchObject({ kind: 'username', source: 'version' });
    expect(existsSync(out)).toBe(false);
  });

  it('reads a capture (fromHar): one without GET /me is refused in the words the command says', async () => {
    const har = join(dir, 'nothing.har');
    writeFileSync(har, JSON.stringify({ log: { version: '1.2', entries: [] } }));
    await expect(importOrganisation({ fromHar: har, out: join(dir, 'har.json'), salt: SALT })).rejects.toThrow(
      'GET /me was not answered',
    );
  });

  it.each([
    [{ baseUrl: undefined }, 'baseUrl', 'give baseUrl (with a read-only token) to read the API, or fromHar, not both'],
    [
      { fromHar: 'capture.har' },
      'baseUrl',
      'give baseUrl (with a read-only token) to read the API, or fromHar, not both',
    ],
    [
      { baseUrl: 'api.example.com' },
      'baseUrl',
      "baseUrl must be the API's URL, such as https://api.example.com/api/v2",
    ],
    [{ token: '' }, 'token', 'give a read-only token of the organisation: token'],
    [{ out: '' }, 'out', 'give the state file to write: out'],
    [{ salt: 'too short' }, 'salt', 'salt must be 16 bytes or more (keep it private: it links the world back)'],
    [{ salt: new Uint8Array(8) }, 'salt', 'salt must be 16 bytes or more (keep it private: it links the world back)'],
    [{ since: '2026-02-30' }, 'since', 'since must be a date such as 2026-10-01 (G3), got "2026-02-30"'],
    [{ appUrl: 'app' }, 'appUrl', 'appUrl must be an http(s) URL such as https://app.standin.test (G10)'],
    [{ maxRequests: 0 }, 'maxRequests', 'maxRequests must be a whole number of at least 1, got 0'],
    [{ budget: { bytes: 1.5 } }, 'budget.bytes', 'budget.bytes must be a whole number of at least 1, got 1.5'],
  ] as const)('refuses %j, naming %s, before reading anything', async (wrong, option, message) => {
    const { fetch, paths } = counted();
    const error = await importOrganisation({ ...options('refused', { fetch }), ...wrong }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OptionError);
    expect(error).toMatchObject({ option, message });
    expect(paths).toEqual([]);
    expect(existsSync(join(dir, 'refused-cache')), 'the cache made').toBe(false);
  });
});
