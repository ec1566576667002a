// The explorer's read-only steps (issue 37, `--explore --read-only`): GETs over the world's existing records,
// never a write, judged by what must hold of any data: pages of k concatenate to the one page of 50 with no
// overlap (G4), a listed goal reads as it is listed (GO3) with its newest update's figures (GO4) and its updates
// newest first (GU7), check-ins in CI5's order, and an ETag stable on a re-read with 304 for If-None-Match (G12).
// A live server may move under a read, so a failed judgement is read again once before it fails.
import fc from 'fast-check';
import type { ReadOnlyStepKind, ExploreStep } from './explore-step.js';
import { ExploreFailure, expect, pickOf } from './explore-failure.js';
import { confidenceLabel, type ExploreModel } from './explore-model.js';
import type { ExploreTarget } from './explore-target.js';

export const READ_ONLY_NEEDS: Record<ReadOnlyStepKind, (m: ExploreModel) => boolean> = {
  pageWorld: () => true,
  readListedGoal: () => true,
  rereadWorld: () => true,
  checkInOrder: () => true,
};

/** Lists of the world, with filters, that every server answers for any caller. */
const LISTS = [
  '/goals',
  '/goals?since=2026-06-01',
  '/check-ins',
  '/check-ins?blocked=true',
  '/check-ins?blocked=false',
  '/people',
  '/echo/questions',
  '/digest',
] as const;

const join = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

/** Judged once, and once more when the first judgement fails: a live server may have moved in between. */
async function twice(judge: () => Promise<void>): Promise<void> {
  try {
    await judge();
  } catch (error) {
    if (!(error instanceof ExploreFailure) || error.level === 'spec') throw error;
    await judge();
  }
}

interface Identified {
  id: string;
}

/** Code-unit order, as the rules' orders are (no locale). */
const compareText = (a: string, b: string) => (a === b ? 0 : a < b ? -1 : 1);

/** Runs a read-only step; false when the step is not one. */
export async function runReadOnlyStep(step: ExploreStep, model: ExploreModel, target: ExploreTarget): Promise<boolean> {
  void model;
  switch (step.kind) {
    case 'pageWorld': {
      const list = pickOf(LISTS, step.pick);
      const k = step.perPage ?? 2;
      const pages = 4;
      await twice(async () => {
        const whole = await target.call<Identified[]>('GET', join(list, 'per_page=50'));
        expect(whole.status === 200, 'http', 'G4', `GET ${list} answered ${whole.status}`);
        const paged: string[] = [];
        for (let page = 1; page <= pages; page++) {
          const got = await target.call<Identified[]>('GET', join(list, `per_page=${k}&page=${page}`));
          expect(got.status === 200, 'http', 'G4', `GET ${list} page ${page} answered ${got.status}`);
          paged.push(...got.body.map((r) => r.id));
          if (got.body.length < k) break;
        }
        const want = whole.body.slice(0, paged.length).map((r) => r.id);
        expect(
          new Set(paged).size === paged.length && paged.join() === want.join(),
          'http',
          'G4',
          `GET ${list} in pages of ${k} lists ${paged.join(', ') || 'nothing'}; in one page of 50 it starts ${want.join(', ') || 'with nothing'} (pages overlap or skip)`,
        );
      });
      return true;
    }
    case 'readListedGoal': {
      await twice(async () => {
        const list = await target.call<Array<Identified & Record<string, unknown>>>('GET', '/goals?per_page=50');
        if (list.body.length === 0) return;
        const item = pickOf(list.body, step.pick);
        const read = await target.call<Record<string, unknown>>('GET', `/goals/${item.id}`);
        expect(read.status === 200, 'http', 'GO3', `GET /goals/${item.id} of a listed goal answered ${read.status}`);
        const differ = Object.keys(item).filter((k) => JSON.stringify(item[k]) !== JSON.stringify(read.body[k]));
        expect(
          differ.length === 0,
          'http',
          'GO3',
          `GET /goals/${item.id} differs from its list item in ${differ.map((k) => `${k} (${JSON.stringify(item[k])} listed, ${JSON.stringify(read.body[k])} read)`).join(', ')}`,
        );
        const updates = await target.call<
          Array<Identified & { progress: number; confidence: number; created_at: string }>
        >('GET', `/goals/${item.id}/goal-updates?per_page=50`);
        const order = updates.body.findIndex((u, i) => i > 0 && updates.body[i - 1]!.created_at < u.created_at);
        expect(
          order < 0,
          'domain',
          'GU7',
          `GET /goals/${item.id}/goal-updates lists ${updates.body[order - 1]?.id} (${updates.body[order - 1]?.created_at}) before the newer ${updates.body[order]?.id} (${updates.body[order]?.created_at})`,
        );
        const newest = updates.body[0];
        const want = newest
          ? {
              progress: newest.progress,
              confidence: newest.confidence,
              confidence_description: confidenceLabel(newest.confidence),
            }
          : { progress: 0, confidence: 100, confidence_description: 'On track' };
        const got = {
          progress: read.body.progress,
          confidence: read.body.confidence,
          confidence_description: read.body.confidence_description,
        };
        expect(
          JSON.stringify(got) === JSON.stringify(want),
          'domain',
          'GO4',
          `GET /goals/${item.id} has ${JSON.stringify(got)}; ${newest ? `its newest update ${newest.id} says` : 'with no update it has'} ${JSON.stringify(want)}`,
        );
      });
      return true;
    }
    case 'rereadWorld': {
      const path = join(pickOf(LISTS, step.pick), 'per_page=5');
      await twice(async () => {
        const first = await target.call('GET', path);
        const second = await target.call('GET', path);
        const etag = first.headers.get('etag');
        expect(
          first.text !== second.text || etag === second.headers.get('etag'),
          'http',
          'G12',
          `GET ${path} twice answered the same body with two ETags (${etag}, then ${second.headers.get('etag')})`,
        );
        if (!etag) return;
        const client = target.client;
        target.budget.used++;
        const cached = await client.send('GET', path, { headers: { 'if-none-match': etag } });
        expect(
          cached.status === 304 || cached.status === 200,
          'http',
          'G12',
          `GET ${path} with If-None-Match: ${etag} answered ${cached.status}`,
        );
        if (cached.status === 200)
          expect(
            cached.headers.get('etag') !== etag,
            'http',
            'G12',
            `GET ${path} with If-None-Match: ${etag} answered 200 with that same ETag, not 304`,
          );
      });
      return true;
    }
    case 'checkInOrder': {
      const path = `/check-ins?per_page=50&page=${1 + ((step.pick ?? 0) % 3)}`;
      await twice(async () => {
        const got = await target.call<Array<Identified & { date: string; person: { name: string } }>>('GET', path);
        const at = got.body.findIndex((c, i) => {
          const b = got.body[i - 1];
          return (
            b !== undefined &&
            (compareText(c.date, b.date) || compareText(b.person.name, c.person.name) || compareText(b.id, c.id)) > 0
          );
        });
        expect(
          at < 0,
          'domain',
          'CI5',
          `GET ${path} lists ${got.body[at - 1]?.id} (${got.body[at - 1]?.date}, ${got.body[at - 1]?.person.name}) before ${got.body[at]?.id} (${got.body[at]?.date}, ${got.body[at]?.person.name}); CI5: date descending, then person name, then id`,
        );
      });
      return true;
    }
    default:
      return false;
  }
}

export function readOnlyStepArbitraries(): Array<fc.Arbitrary<ExploreStep>> {
  const pick = fc.nat({ max: 1000 });
  return [
    fc.record({ kind: fc.constant('pageWorld' as const), pick, perPage: fc.constantFrom(1, 2, 3, 7) }),
    fc.record({ kind: fc.constant('readListedGoal' as const), pick }),
    fc.record({ kind: fc.constant('rereadWorld' as const), pick }),
    fc.record({ kind: fc.constant('checkInOrder' as const), pick }),
  ];
}
