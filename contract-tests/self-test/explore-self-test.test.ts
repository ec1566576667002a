// The explorer has teeth (issue 37): a sound mock passes its sequences, each broken server of
// sequence-variants.ts is caught under the rule it breaks with a shrunk sequence, and that sequence replays: red
// against the broken server, green against the sound one, also as the vitest file --explore-out writes.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMock } from '../../src/index.js';
import { CheckingClient } from '../kit/checking-client.js';
import { Coverage } from '../kit/coverage.js';
import { explore, type ExploreResult, type ExploreSettings } from '../explore/explore-run.js';
import { replaySteps } from '../explore/explore-replay.js';
import { curlScript, numberedRequests, writeRepro } from '../explore/explore-repro.js';
import { brokenFetch, type Variant } from './broken-variants.js';
import { DOMAIN_VARIANTS, SEQUENCE_VARIANTS } from './sequence-variants.js';

const BASE_URL = 'http://standin.test/api/v2';
const named = (name: string): Variant => {
  const variant = [...SEQUENCE_VARIANTS, ...DOMAIN_VARIANTS].find((v) => v.name === name);
  if (!variant) throw new Error(`no variant named ${name}`);
  return variant;
};
const SELF_TESTED = [
  'a deleted goal stays listed under goal_ids[]',
  "a goal keeps its deleted latest update's figures (no recompute)",
  "a goal's ETag stays the one of its first read",
  'a refused goal PATCH (start after end) still saves its end_date',
  "a deleted update's comments answer an empty list instead of 404",
  'an omitted confidence takes 100 again instead of the latest update’s',
  'goal_ids[] leaves archived goals out',
  "a goal's updates are listed oldest first once it has three",
  "a goal's progress is its best update's, not its latest's",
  "an update's comments are listed oldest first",
  // The check-in, Echo, reaction, action-item, digest and paging steps' own.
  'a check-in whose blockers are only whitespace is blocked',
  "a check-in's completed_at is cleared by a PATCH that leaves every answer null",
  "a deleted Echo's answers still answer 200",
  "an Echo's answers are listed oldest first once it has two",
  'reacting again with the same name answers 201, as if new',
  'action items leave out goals due for over a month',
  "the caller's own comments never reach their digest",
  'a later page of fewer than 50 starts with the last record of the page before',
  'a comment deleted from a check-in stays listed on it',
].map(named);
const NOW = '2026-11-20T15:00:00Z';

async function exploreAgainst(
  variant: Variant | null,
  seed: number,
  requests: number,
  settings: ExploreSettings = { checkIns: true },
): Promise<ExploreResult> {
  const mock = createMock({ now: NOW });
  const fetch = brokenFetch(mock, variant);
  const tokens = (await (await mock.app.request('/__mock/tokens')).json()) as Array<{ read_write: string }>;
  const client = new CheckingClient({ baseUrl: BASE_URL, fetch }, tokens[0]!.read_write, new Coverage());
  const me = (await client.expect<{ id: string }>(200, 'GET', '/me')).body.id;
  return explore(
    { client, me, title: (word) => `[standin-contract] self-test ${word}` },
    { ...settings, seed, requests },
  );
}

describe('standin contract --explore', () => {
  it('finds nothing on a sound mock over three seeds', async () => {
    for (const seed of [1, 2, 3]) {
      const result = await exploreAgainst(null, seed, 600);
      expect(result.finding?.message ?? null, `seed ${seed}`).toBeNull();
      expect(result.requests).toBeGreaterThanOrEqual(600);
    }
  }, 120_000);

  // Nineteen of issue 37's broken servers (the figure, `npm run explore:figure`, runs all of them): CI's time.
  for (const variant of SELF_TESTED) {
    it(`catches a server where ${variant.name} (${variant.kind}), under ${variant.expectedRules.join(' or ')}`, async () => {
      const result = await exploreAgainst(variant, 1, 2000);
      expect(result.finding, 'no failure found in 2,000 requests').not.toBeNull();
      expect(variant.expectedRules).toContain(result.finding!.rule);
      // Shrunk: a handful of steps, not the sequence it was found in.
      expect(result.finding!.steps.length).toBeLessThanOrEqual(8);
    }, 120_000);
  }

  it('draws the same sequences from the same seed against a frozen clock, new steps included', async () => {
    const variant = DOMAIN_VARIANTS.find((v) => v.expectedRules.includes('CR2'))!;
    const [first, second] = [await exploreAgainst(variant, 4, 2000), await exploreAgainst(variant, 4, 2000)];
    const exchanges = (r: ExploreResult) => r.finding!.requests.map(({ ms, ...rest }) => (void ms, rest));
    expect(second.finding!.steps).toEqual(first.finding!.steps);
    expect(exchanges(second)).toEqual(exchanges(first));
    expect(second.requests).toBe(first.requests);
  }, 60_000);

  it('finds nothing read-only on a sound mock, and catches overlapping pages read-only', async () => {
    const sound = await exploreAgainst(null, 1, 600, { readOnly: true });
    expect(sound.finding?.message ?? null).toBeNull();
    const overlapping = DOMAIN_VARIANTS.find((v) => v.name.startsWith('a later page of fewer than 50'))!;
    const broken = await exploreAgainst(overlapping, 1, 600, { readOnly: true });
    expect(broken.finding?.rule).toBe('G4');
    // Read-only: the exploration sent nothing but GETs.
    expect(broken.finding!.requests.map((r) => r.method)).toEqual(broken.finding!.requests.map(() => 'GET'));
  }, 60_000);

  it('replays a saved hook step against a server without the hook by passing over it (WH1 is a standin’s)', async () => {
    const mock = createMock({ now: NOW });
    const sound = brokenFetch(mock, null);
    // A server that is not a standin: no GET /__mock/world (nor its tokens), so no activity hook to post to.
    const noHook: typeof fetch = async (input, init) =>
      String(input instanceof Request ? input.url : input).includes('/__mock/')
        ? new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } })
        : sound(input, init);
    const [first] = (await (await sound('http://standin.test/__mock/tokens')).json()) as Array<{ read_write: string }>;
    const steps = [{ kind: 'collectActivity' as const, pick: 0, upper: false }];
    expect(await replaySteps({ baseUrl: BASE_URL, token: first!.read_write, steps, fetch: noHook })).toBeNull();
  });

  it('replays a shrunk sequence: red against the broken server, green against a sound one, as saved', async () => {
    const variant = named("a goal keeps its deleted latest update's figures (no recompute)");
    const { finding, seed } = await exploreAgainst(variant, 1, 2000);
    expect(finding).not.toBeNull();
    const replay = async (broken: Variant | null) => {
      const mock = createMock({ now: NOW });
      return replaySteps({ baseUrl: BASE_URL, steps: finding!.steps, fetch: brokenFetch(mock, broken) });
    };
    expect(await replay(variant)).toMatch(/^(GU5|GO4): /);
    expect(await replay(null)).toBeNull();

    const dir = mkdtempSync(join(tmpdir(), 'standin-explore-'));
    const files = writeRepro(dir, BASE_URL, seed, finding!);
    expect(files.map((f) => f.slice(dir.length + 1))).toEqual([
      'explore-failure.txt',
      'explore-failure.sh',
      'explore-failure.har',
      'explore-failure.test.ts',
    ]);
    const test = readFileSync(join(dir, 'explore-failure.test.ts'), 'utf8');
    expect(test).toContain(`const steps = ${JSON.stringify(finding!.steps, null, 2)};`);
    expect(test).toContain("import { replaySteps } from 'standin/contract';");
    const har = JSON.parse(readFileSync(join(dir, 'explore-failure.har'), 'utf8')) as { log: { entries: unknown[] } };
    expect(har.log.entries).toHaveLength(finding!.requests.length);
    // Numbered as sent, each with its status; the script sends the same requests.
    expect(numberedRequests(finding!).split('\n')).toHaveLength(finding!.requests.length);
    expect(curlScript(BASE_URL, finding!).match(/^curl /gm)).toHaveLength(finding!.requests.length);
  }, 120_000);
});
