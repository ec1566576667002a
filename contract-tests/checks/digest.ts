// Owns the digest and action-item checks (DG1–DG4, AI1–AI3), through the API alone. What the kit writes sits in
// goals of its own (gone with them, GO8): a comment that mentions the second person, and a private goal's update.
import { ensureInOrder, ensureNames } from '../kit/assertions.js';
import { ensure, NotRun, type CheckGroup } from '../kit/check.js';
import type { KitContext } from '../kit/context.js';
import { postUpdate } from '../kit/goal-reading.js';
import type { ApiSchema } from '../../src/types/wire.js';

type Entry = ApiSchema<'DigestEntry'>;
type Item = ApiSchema<'ActionItem'>;

const CATEGORIES = ['comment', 'check-in', 'goal-update', 'echo-answer'] as const;

function describeEntry(e: Entry): string {
  return `${e.id} (${e.category} ${e.resource.id}, ${e.published_at})`;
}

/** DG1: `published_at` descending, then the entry's id. */
function ensureDigestOrder(list: Entry[], what: string): void {
  ensureInOrder(
    list,
    (a, b) => a.published_at > b.published_at || (a.published_at === b.published_at && a.id < b.id),
    'DG1',
    (a, b) => `${what} must be newest first, then by id; ${describeEntry(a)} comes before ${describeEntry(b)}`,
  );
}

/** A public goal of the kit's with one update, and a comment on it: the digest's safe material. */
async function ownUpdate(
  ctx: KitContext,
  goal: ApiSchema<'GoalInput'>,
  body: string,
): Promise<ApiSchema<'GoalUpdate'>> {
  const created = await ctx.createGoal(goal);
  return postUpdate(ctx.client, created.id, { title: ctx.mark('update'), body });
}

export const digest: CheckGroup = {
  name: 'digest',
  title: 'Digest and action items (DG1–AI3)',
  checks: [
    {
      rule: 'DG1',
      title:
        'GET /digest: entries {id, category, published_at, read_at: null, resource of that type}, newest first then id; pages neither overlap nor skip',
      async run({ client }) {
        const first = (await client.expect<Entry[]>(200, 'GET', '/digest?per_page=50', {}, 'DG1')).body;
        if (first.length === 0) throw new NotRun('the caller’s digest is empty');
        ensureDigestOrder(first, 'GET /digest');
        for (const entry of first) {
          ensure(entry.read_at === null, 'DG1', `entry ${describeEntry(entry)} must have read_at null`);
          ensure(
            entry.resource.type === entry.category,
            'DG1',
            `entry ${describeEntry(entry)} embeds a ${entry.resource.type}, not its category`,
          );
        }
        const paged: string[] = [];
        for (let page = 1; page <= 5; page++) {
          const { body } = await client.expect<Entry[]>(200, 'GET', `/digest?per_page=10&page=${page}`, {}, 'G4');
          paged.push(...body.map((e) => e.id));
        }
        ensure(
          paged.join() ===
            first
              .slice(0, paged.length)
              .map((e) => e.id)
              .join(),
          'G4',
          'five pages of 10 must be the first 50 entries of GET /digest?per_page=50, in order',
        );
      },
    },
    {
      rule: 'DG1',
      title: 'category keeps one kind of entry; since (a date, UTC) keeps entries published on or after it',
      async run({ client }) {
        const first = (await client.expect<Entry[]>(200, 'GET', '/digest?per_page=50', {}, 'DG1')).body;
        const oldest = first.at(-1);
        if (!oldest) throw new NotRun('the caller’s digest is empty');
        for (const category of CATEGORIES) {
          const part = category === 'comment' ? undefined : 'categories';
          const { body } = await client.expect<Entry[]>(
            200,
            'GET',
            `/digest?category=${category}&per_page=20`,
            {},
            'DG1',
            part,
          );
          for (const entry of body)
            ensure(
              entry.category === category,
              'DG1',
              `GET /digest?category=${category} listed ${describeEntry(entry)}`,
            );
          ensureDigestOrder(body, `GET /digest?category=${category}`);
        }
        const since = oldest.published_at.slice(0, 10);
        const recent = await client.walk<Entry>(`/digest?since=${since}`);
        for (const entry of recent)
          ensure(entry.published_at >= `${since}T00:00:00Z`, 'DG1', `since=${since} listed ${describeEntry(entry)}`);
        const kept = new Set(recent.map((e) => e.id));
        const left = first.filter((e) => e.published_at >= `${since}T00:00:00Z` && !kept.has(e.id));
        ensure(left.length === 0, 'DG1', `since=${since} left out ${left.slice(0, 3).map(describeEntry).join(', ')}`);
      },
    },
    {
      rule: 'DG1',
      title: 'an unknown category, a since that is not a date, or per_page=0 gives 422 naming it',
      async run({ client }) {
        for (const [query, field, rule] of [
          ['category=mention', 'category', 'DG1'],
          ['since=2026-02-30', 'since', 'DG1'],
          ['since=2026-11-20T00:00:00Z', 'since', 'DG1'],
          ['per_page=0', 'per_page', 'G4'],
        ] as const) {
          const { body } = await client.expect(422, 'GET', `/digest?${query}`, {}, rule);
          ensureNames(body, field, rule, `GET /digest?${query}`);
        }
      },
    },
    {
      rule: 'DG4',
      title:
        'GET /digest and GET /action-items carry a weak ETag; If-None-Match with it gives 304 while nothing changed',
      async run({ client }) {
        for (const path of ['/digest?category=comment&per_page=1', '/digest?per_page=1', '/action-items']) {
          const rule = path.startsWith('/digest') ? 'DG4' : 'G12';
          const first = await client.expect(200, 'GET', path, {}, rule);
          const etag = first.headers.get('etag');
          ensure(etag !== null && etag.startsWith('W/"'), rule, `GET ${path} must carry a weak ETag, got ${etag}`);
          await client.expect(304, 'GET', path, { headers: { 'if-none-match': etag } }, rule);
        }
      },
    },
    {
      rule: 'DG2',
      title:
        'a comment that @mentions the second person lands first in their comment digest (the agent routine’s poll turns from 304 to 200); a private goal’s update that mentions them never lands (GO7)',
      async run(ctx) {
        ctx.requireWrites();
        const other = ctx.other();
        const them = (await other.expect<ApiSchema<'Person'>>(200, 'GET', '/me', {}, 'PT1')).body;
        const poll = '/digest?category=comment&per_page=1';
        const before = await other.expect<Entry[]>(200, 'GET', poll, {}, 'DG4');
        const etag = before.headers.get('etag') ?? '';
        const update = await ownUpdate(ctx, {}, 'Progress made by the contract kit.');
        const { body: comment } = await ctx.client.expect<ApiSchema<'Comment'>>(
          201,
          'POST',
          `/goal-updates/${update.id}/comments`,
          { body: { body: `${ctx.mark('comment')} for @${them.username}` } },
          'CR1',
        );
        const after = await other.expect<Entry[]>(200, 'GET', poll, { headers: { 'if-none-match': etag } }, 'DG4');
        ensure(
          after.body[0]?.resource.id === comment.id,
          'DG2',
          `GET ${poll} as ${them.name} must list the comment ${comment.id} that mentions them first, got ${after.body[0] ? describeEntry(after.body[0]) : 'nothing'}`,
        );
        const hidden = await ownUpdate(ctx, { private: true }, `A private note for @${them.username}.`);
        const seen = await other.walk<Entry>('/digest?category=goal-update');
        ensure(
          !seen.some((e) => e.resource.id === hidden.id),
          'GO7',
          `the update ${hidden.id} of a private goal reached the digest of ${them.name}, who is not its member`,
        );
      },
    },
    {
      rule: 'AI1',
      title: 'GET /action-items: {type: action-item, kind, due_on, edit url, resource}, by due_on, kind, id',
      async run({ client }) {
        const items = await client.walk<Item>('/action-items');
        ensureInOrder(
          items,
          (a, b) =>
            a.due_on < b.due_on || (a.due_on === b.due_on && (a.kind < b.kind || (a.kind === b.kind && a.id < b.id))),
          'AI1',
          (a, b) => `action items must be by due_on, kind, id; ${a.id} comes before ${b.id}`,
        );
        for (const item of items) {
          const page = item.kind === 'check-in' ? 'check-ins' : 'goals';
          ensure(
            item.url.endsWith(`/${page}/${item.resource.id}/edit`),
            'AI1',
            `item ${item.id} must link to /${page}/${item.resource.id}/edit, got ${item.url}`,
          );
        }
      },
    },
    {
      rule: 'AI3',
      title:
        'a weekly goal of the caller’s that started in 2000 and has no update is due; posting an update removes its item',
      async run(ctx) {
        ctx.requireWrites();
        const { client } = ctx;
        // Long past whatever the server's clock says: due now, and not again for a week once updated.
        const start = '2000-01-03';
        const goal = await ctx.createGoal({ update_cadence: 'weekly', start_date: start });
        const dueFor = async () => (await client.walk<Item>('/action-items')).filter((i) => i.resource.id === goal.id);
        ensure((await dueFor()).length === 1, 'AI3', `goal ${goal.id}, weekly since ${start}, must have one item`);
        await postUpdate(client, goal.id, { body: ctx.mark('update') });
        ensure((await dueFor()).length === 0, 'AI3', `goal ${goal.id} still has an item after an update was posted`);
      },
    },
  ],
};
