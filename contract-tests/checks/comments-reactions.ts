// Owns the comment and reaction checks (CR1, CR2), through the API alone. Everything the kit writes sits on a
// goal update inside a goal of its own (gone with the goal, GO8), except under --modify-existing, where one
// comment and one reaction go on the caller's own check-in and are deleted again.
import { ensureInOrder, ensureRefused, ensureUnreadableRefused, UNKNOWN_ID } from '../kit/assertions.js';
import { ensure, type CheckGroup } from '../kit/check.js';
import type { CheckingClient } from '../kit/checking-client.js';
import type { KitContext } from '../kit/context.js';
import { postUpdate } from '../kit/goal-reading.js';
import type { ApiSchema } from '../../src/types/wire.js';

/** CR2, copied from the rule: each known reaction name and its emoji. */
const EMOJI: Record<string, string> = { tada: '🎉', thumbsup: '👍', heart: '❤️', eyes: '👀', rocket: '🚀', clap: '👏' };

type Comment = ApiSchema<'Comment'>;

type Reaction = ApiSchema<'Reaction'>;

/** A goal of the kit's own with one update on it: the safe place for comments and reactions. */
async function ownUpdate(ctx: KitContext): Promise<{ goal: ApiSchema<'Goal'>; update: ApiSchema<'GoalUpdate'> }> {
  const goal = await ctx.createGoal({ title: ctx.mark('goal for comments and reactions') });
  const update = await postUpdate(ctx.client, goal.id, {
    title: ctx.mark('update to comment on'),
    body: 'Progress made by the contract kit.',
  });
  return { goal, update };
}

/** Creates a comment and registers its deletion (by its author's client). */
async function comment(ctx: KitContext, client: CheckingClient, path: string, body: string): Promise<Comment> {
  const created = (await client.expect<Comment>(201, 'POST', path, { body: { body } }, 'CR1')).body;
  ctx.cleanup.add(`delete comment ${created.id}`, () => client.request('DELETE', `/comments/${created.id}`));
  return created;
}

/** Reacts; a reaction the call created (201) gets its deletion registered, an existing one (200) is left alone. */
async function react(
  ctx: KitContext,
  client: CheckingClient,
  path: string,
  name: string,
): Promise<{ status: number; reaction: Reaction }> {
  const { status, body } = await client.request<Reaction>('POST', path, { body: { name } });
  ensure(
    status === 201 || status === 200,
    'CR2',
    `POST ${path} {name: ${name}} must give 201 (or 200 when it exists), got ${status}`,
  );
  if (status === 201)
    ctx.cleanup.add(`delete reaction ${body.id}`, () => client.request('DELETE', `/reactions/${body.id}`));
  return { status, reaction: body };
}

function ensureNewestFirst(list: Array<{ id: string; created_at: string }>, rule: string, what: string): void {
  ensureInOrder(
    list,
    (before, after) => before.created_at >= after.created_at,
    rule,
    (before, after) =>
      `${what} must be newest first; ${before.id} (${before.created_at}) comes before ${after.id} (${after.created_at})`,
  );
}

function ensureIds(actual: Array<{ id: string }>, expected: Array<{ id: string }>, rule: string, what: string): void {
  const got = actual.map((x) => x.id).join(', ');
  const want = expected.map((x) => x.id).join(', ');
  ensure(got === want, rule, `${what} must list [${want}] in that order, got [${got}]`);
}

/** The newest few check-ins, for reading their comments and reactions. */
async function someCheckIns(ctx: KitContext): Promise<Array<{ id: string }>> {
  return (await ctx.client.expect<Array<{ id: string }>>(200, 'GET', '/check-ins?per_page=10', {}, 'CI5')).body;
}

/**
 * G2 for `kind` (comments or reactions): an unknown or malformed id of either record they sit on gives 404 to a
 * list and to a new one (sent as `body`), and so does one of the record itself to each of `own` (its PATCH with
 * `body`).
 */
async function ensureUnknownIdsNotFound(
  client: CheckingClient,
  kind: 'comments' | 'reactions',
  body: object,
  own: ReadonlyArray<'PATCH' | 'DELETE'>,
): Promise<void> {
  for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
    for (const parent of ['goal-updates', 'check-ins']) {
      await client.expect(404, 'GET', `/${parent}/${id}/${kind}`, {}, 'G2');
      await client.expect(404, 'POST', `/${parent}/${id}/${kind}`, { body }, 'G2');
    }
    for (const method of own)
      await client.expect(404, method, `/${kind}/${id}`, method === 'PATCH' ? { body } : {}, 'G2');
  }
}

export const commentsReactions: CheckGroup = {
  name: 'comments-reactions',
  title: 'Comments and reactions (CR1–CR2)',
  checks: [
    {
      rule: 'CR1',
      title: 'comments on a goal update: author = caller, resource named, newest first, PATCH edits, DELETE 204',
      async run(ctx) {
        const { client, me } = ctx;
        const { update } = await ownUpdate(ctx);
        const path = `/goal-updates/${update.id}/comments`;
        const first = await comment(ctx, client, path, ctx.mark('first comment'));
        ensure(first.person.id === me.id, 'CR1', `the author must be the caller ${me.id}, got ${first.person.id}`);
        ensure(
          first.resource.type === 'goal-update' && first.resource.id === update.id,
          'CR1',
          `resource must be {type: goal-update, id: ${update.id}}, got ${JSON.stringify(first.resource)}`,
        );
        ensure(
          first.body === ctx.mark('first comment') && first.created_at === first.updated_at,
          'CR1',
          'a new comment keeps its body, with updated_at = created_at',
        );
        const second = await comment(ctx, client, path, '**Second** comment with `code`.');
        // Within one second, the one created last comes first (GU7).
        ensureIds(await client.walk<Comment>(path), [second, first], 'CR1', `GET ${path}`);

        const edited = (
          await client.expect<Comment>(
            200,
            'PATCH',
            `/comments/${first.id}`,
            { body: { body: ctx.mark('edited comment') } },
            'CR1',
          )
        ).body;
        ensure(edited.body === ctx.mark('edited comment'), 'CR1', `PATCH must store the body, got ${edited.body}`);
        ensure(
          edited.created_at === first.created_at && edited.updated_at >= first.updated_at && edited.person.id === me.id,
          'CR1',
          'PATCH must keep created_at and the author and move updated_at forward',
        );
        const relisted = await client.walk<Comment>(path);
        ensure(
          relisted.find((c) => c.id === first.id)?.body === edited.body,
          'CR1',
          'the list must show the edited body',
        );

        await client.expect(204, 'DELETE', `/comments/${first.id}`, {}, 'CR1');
        ensureIds(await client.walk<Comment>(path), [second], 'CR1', `GET ${path} after DELETE`);
        await client.expect(404, 'DELETE', `/comments/${first.id}`, {}, 'CR1');
        await client.expect(404, 'PATCH', `/comments/${first.id}`, { body: { body: 'again' } }, 'CR1');
      },
    },
    {
      rule: 'CR1',
      title:
        'an empty, blank, missing or mistyped comment body gives 422 naming body; bad JSON 400; unknown and malformed ids 404',
      async run(ctx) {
        const { client } = ctx;
        const { update } = await ownUpdate(ctx);
        const path = `/goal-updates/${update.id}/comments`;
        for (const body of [{ body: '' }, { body: '  \n ' }, { body: 5 }, {}]) {
          await ensureRefused(ctx, 'POST', path, { body }, 422, 'CR1', 'body');
        }
        await ensureUnreadableRefused(ctx, 'POST', path, 'body', 'body=x', 'G8');
        const kept = await comment(ctx, client, path, ctx.mark('a comment to edit wrongly'));
        for (const body of [{ body: '' }, { body: null }, {}]) {
          const { status, body: problem } = await client.request<Partial<ApiSchema<'Problem'>> | undefined>(
            'PATCH',
            `/comments/${kept.id}`,
            { body },
          );
          ensure(
            status === 422,
            'CR1',
            `PATCH /comments/${kept.id} ${JSON.stringify(body)} must give 422, got ${status}`,
          );
          ensure(
            (problem?.errors ?? []).some((e) => e.name === 'body'),
            'CR1',
            `PATCH /comments/${kept.id} ${JSON.stringify(body)}: the problem must name body`,
          );
        }
        ensureIds(await client.walk<Comment>(path), [kept], 'CR1', `GET ${path} after refused requests`);
        const [stillKept] = await client.walk<Comment>(path);
        ensure(stillKept?.body === kept.body, 'CR1', 'refused PATCHes must leave the body');
        // A refused comment on a real check-in changes nothing (a wrongly created one is deleted at once).
        const [checkIn] = await someCheckIns(ctx);
        const onCheckIn = checkIn && `/check-ins/${checkIn.id}/comments`;
        if (onCheckIn) await ensureRefused(ctx, 'POST', onCheckIn, { body: { body: '' } }, 422, 'CR1', 'body');
        await ensureUnknownIdsNotFound(client, 'comments', { body: 'x' }, ['PATCH', 'DELETE']);
      },
    },
    {
      rule: 'CR1',
      title: 'only the author may PATCH or DELETE a comment (403 for another person)',
      async run(ctx) {
        const other = ctx.other();
        const { update } = await ownUpdate(ctx);
        const path = `/goal-updates/${update.id}/comments`;
        const mine = await comment(ctx, ctx.client, path, ctx.mark('my comment'));
        await other.expect(403, 'PATCH', `/comments/${mine.id}`, { body: { body: 'not yours' } }, 'CR1');
        await other.expect(403, 'DELETE', `/comments/${mine.id}`, {}, 'CR1');
        // The other person may comment too; then the roles swap.
        const theirs = await comment(ctx, other, path, ctx.mark('their comment'));
        ensure(
          theirs.person.id !== ctx.me.id,
          'CR1',
          'a comment by the other token must have the other person as author',
        );
        await ctx.client.expect(403, 'PATCH', `/comments/${theirs.id}`, { body: { body: 'not mine' } }, 'CR1');
        await ctx.client.expect(403, 'DELETE', `/comments/${theirs.id}`, {}, 'CR1');
        const listed = await ctx.client.walk<Comment>(path);
        ensureIds(listed, [theirs, mine], 'CR1', `GET ${path}`);
        const [listedTheirs, listedMine] = listed;
        ensure(
          listedMine?.body === mine.body && listedTheirs?.body === theirs.body,
          'CR1',
          'refused edits must leave both bodies',
        );
      },
    },
    {
      rule: 'CR1',
      title: 'check-in comments name their check-in and are listed newest first',
      async run(ctx) {
        for (const checkIn of await someCheckIns(ctx)) {
          const path = `/check-ins/${checkIn.id}/comments`;
          const list = await ctx.client.walk<Comment>(path);
          ensureNewestFirst(list, 'CR1', `GET ${path}`);
          for (const c of list) {
            ensure(
              c.resource.type === 'check-in' && c.resource.id === checkIn.id,
              'CR1',
              `a comment of ${path} must name {check-in, ${checkIn.id}}, got ${JSON.stringify(c.resource)}`,
            );
          }
        }
      },
    },
    {
      rule: 'CR2',
      title:
        'reactions on a goal update: each known name with its emoji, the same one twice gives the existing reaction (200), newest first, DELETE 204',
      async run(ctx) {
        const { client, me } = ctx;
        const { update } = await ownUpdate(ctx);
        const path = `/goal-updates/${update.id}/reactions`;
        const created: Reaction[] = [];
        for (const [name, emoji] of Object.entries(EMOJI)) {
          const { status, reaction } = await react(ctx, client, path, name);
          ensure(status === 201, 'CR2', `the first ${name} reaction must give 201, got ${status}`);
          ensure(
            reaction.name === name && reaction.emoji === emoji,
            'CR2',
            `${name} must carry ${emoji}, got ${reaction.name} ${reaction.emoji}`,
          );
          ensure(
            reaction.person.id === me.id,
            'CR2',
            `the person must be the caller ${me.id}, got ${reaction.person.id}`,
          );
          ensure(
            reaction.resource.type === 'goal-update' && reaction.resource.id === update.id,
            'CR2',
            `resource must be {type: goal-update, id: ${update.id}}, got ${JSON.stringify(reaction.resource)}`,
          );
          created.push(reaction);
        }
        // EMOJI lists tada first: the reaction given twice, deleted and given anew below.
        const [tada] = created;
        if (tada?.name !== 'tada') throw new Error('EMOJI must list tada first');
        const again = await react(ctx, client, path, 'tada');
        ensure(
          again.status === 200,
          'CR2',
          `the same person, name and record twice must give 200, got ${again.status}`,
        );
        ensure(
          again.reaction.id === tada.id && again.reaction.created_at === tada.created_at,
          'CR2',
          `the second tada must be the existing reaction ${tada.id}, got ${again.reaction.id}`,
        );
        // Newest first; within one second, the one created last first (GU7).
        ensureIds(await client.walk<Reaction>(path), [...created].reverse(), 'CR2', `GET ${path}`);

        await client.expect(204, 'DELETE', `/reactions/${tada.id}`, {}, 'CR2');
        ensureIds(await client.walk<Reaction>(path), created.slice(1).reverse(), 'CR2', `GET ${path} after DELETE`);
        await client.expect(404, 'DELETE', `/reactions/${tada.id}`, {}, 'CR2');
        const anew = await react(ctx, client, path, 'tada');
        ensure(
          anew.status === 201 && anew.reaction.id !== tada.id,
          'CR2',
          `tada after its deletion must be a new reaction (201), got ${anew.status} ${anew.reaction.id}`,
        );
      },
    },
    {
      rule: 'CR2',
      title:
        'an unknown, missing or mistyped reaction name gives 422 naming name; bad JSON 400; unknown and malformed ids 404',
      async run(ctx) {
        const { client } = ctx;
        const { update } = await ownUpdate(ctx);
        const path = `/goal-updates/${update.id}/reactions`;
        for (const body of [{ name: 'smile' }, { name: 'Tada' }, { name: '🎉' }, { name: 5 }, {}]) {
          await ensureRefused(ctx, 'POST', path, { body }, 422, 'CR2', 'name');
        }
        await ensureUnreadableRefused(ctx, 'POST', path, 'name', 'name=tada', 'G8');
        ensureIds(await client.walk<Reaction>(path), [], 'CR2', `GET ${path} after refused requests`);
        const [checkIn] = await someCheckIns(ctx);
        const onCheckIn = checkIn && `/check-ins/${checkIn.id}/reactions`;
        if (onCheckIn) await ensureRefused(ctx, 'POST', onCheckIn, { body: { name: 'smile' } }, 422, 'CR2', 'name');
        await ensureUnknownIdsNotFound(client, 'reactions', { name: 'tada' }, ['DELETE']);
      },
    },
    {
      rule: 'CR2',
      title:
        "only the person who reacted may DELETE the reaction (403); another person's same name is a reaction of their own",
      async run(ctx) {
        const other = ctx.other();
        const { update } = await ownUpdate(ctx);
        const path = `/goal-updates/${update.id}/reactions`;
        const mine = (await react(ctx, ctx.client, path, 'rocket')).reaction;
        await other.expect(403, 'DELETE', `/reactions/${mine.id}`, {}, 'CR2');
        const theirs = await react(ctx, other, path, 'rocket');
        ensure(
          theirs.status === 201 && theirs.reaction.id !== mine.id && theirs.reaction.person.id !== ctx.me.id,
          'CR2',
          `another person's rocket on the same update must be a new reaction of theirs (201), got ${theirs.status} ${theirs.reaction.id}`,
        );
        await ctx.client.expect(403, 'DELETE', `/reactions/${theirs.reaction.id}`, {}, 'CR2');
        ensureIds(await ctx.client.walk<Reaction>(path), [theirs.reaction, mine], 'CR2', `GET ${path}`);
      },
    },
    {
      rule: 'CR2',
      title: "check-in reactions name their check-in, carry their name's emoji and are listed newest first",
      async run(ctx) {
        for (const checkIn of await someCheckIns(ctx)) {
          const path = `/check-ins/${checkIn.id}/reactions`;
          const list = await ctx.client.walk<Reaction>(path);
          ensureNewestFirst(list, 'CR2', `GET ${path}`);
          const seen = new Set<string>();
          for (const r of list) {
            ensure(
              r.resource.type === 'check-in' && r.resource.id === checkIn.id,
              'CR2',
              `a reaction of ${path} must name {check-in, ${checkIn.id}}, got ${JSON.stringify(r.resource)}`,
            );
            ensure(
              r.emoji === EMOJI[r.name],
              'CR2',
              `reaction ${r.id}: ${r.name} must carry ${EMOJI[r.name]}, got ${r.emoji}`,
            );
            const key = `${r.person.id} ${r.name}`;
            ensure(
              !seen.has(key),
              'CR2',
              `${path}: ${r.person.name} reacted ${r.name} twice; the same person, name and record is one reaction`,
            );
            seen.add(key);
          }
        }
      },
    },
    {
      rule: 'CR1',
      title:
        "a comment and a reaction on the caller's own check-in name it as resource (--modify-existing; both deleted again)",
      async run(ctx) {
        ctx.requireModifyExisting();
        const { client } = ctx;
        const mine = await ctx.latestCheckIn();
        const c = await comment(ctx, client, `/check-ins/${mine.id}/comments`, ctx.mark('comment on my own check-in'));
        ensure(
          c.resource.type === 'check-in' && c.resource.id === mine.id,
          'CR1',
          `resource must be {type: check-in, id: ${mine.id}}, got ${JSON.stringify(c.resource)}`,
        );
        const listed = await client.walk<Comment>(`/check-ins/${mine.id}/comments`);
        ensure(listed[0]?.id === c.id, 'CR1', `the new comment ${c.id} must be listed first (newest first)`);
        const { status, reaction } = await react(ctx, client, `/check-ins/${mine.id}/reactions`, 'eyes');
        ensure(
          reaction.resource.type === 'check-in' && reaction.resource.id === mine.id && reaction.emoji === EMOJI.eyes,
          'CR2',
          `the reaction must be 👀 on {check-in, ${mine.id}}, got ${reaction.emoji} on ${JSON.stringify(reaction.resource)}`,
        );
        await client.expect(204, 'DELETE', `/comments/${c.id}`, {}, 'CR1');
        // Only a reaction this check created is removed; an eyes reaction the caller had already made stays.
        if (status === 201) await client.expect(204, 'DELETE', `/reactions/${reaction.id}`, {}, 'CR2');
      },
    },
  ],
};
