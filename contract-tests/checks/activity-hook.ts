// Owns the checks of the collect-activity hook (WH1) at the service root, run only when the kit has the
// account's hook URL (--activity-hook-url; against standin, GET /__mock/world's): what it records and where that
// shows, and every refusal (token, account, body) as problem+json. The API has no DELETE for activities, so
// the one the kit records stays, marked as the kit's.
import { ensureRefused, ensureUnreadableRefused, UNKNOWN_ID } from '../kit/assertions.js';
import { ensure, NotRun, type CheckGroup } from '../kit/check.js';
import type { KitContext } from '../kit/context.js';
import type { ApiSchema } from '../../src/types/wire.js';

type Activity = ApiSchema<'Activity'>;

/**
 * What each check posts with, once writes are allowed: the account's hook, and a person of the account whose email
 * the hook takes (the first GET /people lists, PT2).
 */
async function hookAndSomeone(
  ctx: KitContext,
): Promise<{ hook: ReturnType<KitContext['hook']>; person: ApiSchema<'Person'> }> {
  ctx.requireWrites();
  const hook = ctx.hook();
  const [person] = (await ctx.client.expect<Array<ApiSchema<'Person'>>>(200, 'GET', '/people?per_page=1', {}, 'PT2'))
    .body;
  if (!person) throw new NotRun('the server lists no person, whose email the hook would take');
  return { hook, person };
}

export const activityHook: CheckGroup = {
  name: 'activity-hook',
  title: 'The activity hook (WH1)',
  checks: [
    {
      rule: 'WH1',
      title:
        'the hook records kind api, group = source, the person the email names, recorded_at now, source_url as url; GET /activities lists it (records ONE marked activity that cannot be deleted)',
      async run(ctx) {
        const { hook, person } = await hookAndSomeone(ctx);
        // "Now" on the server's clock, from a record of the kit's own, before and after.
        const probe = await ctx.createEchoQuestion({ prompt: ctx.mark('clock probe for WH1') });
        const source = ctx.mark('activity hook');
        const description = ctx.mark('collected by the contract kit; activities cannot be deleted. ').padEnd(256, '.');
        const body = { email: person.email, source, description, source_url: 'https://example.com/standin-contract' };
        const created = (await hook.client.expect<Activity>(201, 'POST', hook.path, { body }, 'WH1')).body;
        ensure(created.kind === 'api', 'WH1', `kind must be api, got ${created.kind}`);
        ensure(
          created.person.id === person.id,
          'WH1',
          `person must be ${person.id}, whose email was sent, got ${created.person.id}`,
        );
        ensure(
          created.group === source && created.description === description && created.url === body.source_url,
          'WH1',
          `group must be the source, description as sent and url the source_url, got ${JSON.stringify({ group: created.group, description: created.description, url: created.url })}`,
        );
        const later = await ctx.serviceNow(probe);
        ensure(
          created.recorded_at >= probe.created_at && created.recorded_at <= later,
          'WH1',
          `recorded_at must be now: ${created.recorded_at} is outside ${probe.created_at}..${later}`,
        );
        const listed = (
          await ctx.client.expect<Activity[]>(
            200,
            'GET',
            `/activities?people_ids[]=${person.id}&kinds[]=api&since=${created.recorded_at}`,
            {},
            'AC1',
          )
        ).body;
        const shown = listed.find((a) => a.id === created.id);
        ensure(
          shown !== undefined && shown.group === source && shown.person.id === person.id,
          'WH1',
          `GET /activities filtered by ${person.id}, kind api and since ${created.recorded_at} must list ${created.id} as the hook answered it`,
        );
      },
    },
    {
      rule: 'WH1',
      title:
        'no or a wrong token: 401; an unknown account: 404; a bad email, source, description or url: 422 naming it; bad JSON 400, not JSON 415; GET 405',
      async run(ctx) {
        const { hook, person } = await hookAndSomeone(ctx);
        const client = hook.client;
        const at = (account: string, token?: string) =>
          `/hooks/activity/a/${account}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;
        const good = { email: person.email, source: ctx.mark('refused hook'), description: 'refused' };
        const refusals: Array<[string, number]> = [
          [at(hook.accountId), 401],
          [at(hook.accountId, ''), 401],
          [at(hook.accountId, `${hook.token}x`), 401],
          [at(UNKNOWN_ID, hook.token), 404],
        ];
        for (const [path, status] of refusals)
          await ensureRefused({ ...ctx, client }, 'POST', path, { body: good }, status, 'WH1');
        for (const [body, field] of [
          [{ ...good, email: `nobody-${ctx.options.runId ?? 'kit'}@example.invalid` }, 'email'],
          [{ ...good, email: undefined }, 'email'],
          [{ ...good, source: '' }, 'source'],
          [{ ...good, source: 'x'.repeat(1001) }, 'source'],
          [{ ...good, description: '' }, 'description'],
          [{ ...good, description: 'x'.repeat(257) }, 'description'],
          [{ ...good, url: 'http://example.com/insecure' }, 'url'],
          [{ ...good, source_url: 'ftp://example.com/file' }, 'source_url'],
        ] as const) {
          await ensureRefused({ ...ctx, client }, 'POST', hook.path, { body }, 422, 'WH1', field);
        }
        await ensureUnreadableRefused({ ...ctx, client }, 'POST', hook.path, 'email', 'email=x', 'G8');
        const get = await client.request('GET', hook.path);
        ensure(get.status === 405, 'G8', `GET ${at(hook.accountId)} must give 405, got ${get.status}`);
        ensure(
          get.headers.get('allow') === 'POST',
          'G8',
          `the 405 must say Allow: POST, got "${get.headers.get('allow') ?? ''}"`,
        );
      },
    },
  ],
};
