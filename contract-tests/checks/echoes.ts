// Owns the Echo checks (EC1–EC6), through the API alone: defaults and validation, the next_answer_at schedule,
// paused questions, published answer titles, answers as REST resources, and deletion with the answers.
import { ensureInOrder, ensureNames, ensureRefused, ensureUnreadableRefused, UNKNOWN_ID } from '../kit/assertions.js';
import { ensure, NotRun, type CheckGroup } from '../kit/check.js';
import type { CheckingClient } from '../kit/checking-client.js';
import { MARKER, type KitContext } from '../kit/context.js';
import { WEEKDAYS, addDays, weekdayOf, epochDay } from '../kit/dates.js';
import type { ApiSchema } from '../../src/types/wire.js';

const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** At noon no time zone changes its clocks, so the kit's schedules never meet a daylight-saving gap. */
const NOON = '12:00';

type Question = ApiSchema<'EchoQuestion'>;

type Answer = ApiSchema<'EchoAnswer'>;

/** The Echo as `PATCH /echo/questions/{id}` with `body` answers it (200, or a violation of `rule`). */
async function patchQuestion(client: CheckingClient, id: string, body: object, rule: string): Promise<Question> {
  return (await client.expect<Question>(200, 'PATCH', `/echo/questions/${id}`, { body }, rule)).body;
}

/** Whether `a` and `b` hold the same value in each of `fields`. */
function sameIn(a: Question, b: Question, fields: ReadonlyArray<keyof Question>): boolean {
  return fields.every((field) => a[field] === b[field]);
}

/** The answer `POST /echo/questions/{id}/answers` with `body` makes (EC5: 201). */
async function postAnswer(client: CheckingClient, questionId: string, body: object): Promise<Answer> {
  return (await client.expect<Answer>(201, 'POST', `/echo/questions/${questionId}/answers`, { body }, 'EC5')).body;
}

/** The answer as `PATCH /echo/answers/{id}` with `body` answers it (EC5: 200). */
async function patchAnswer(client: CheckingClient, id: string, body: object): Promise<Answer> {
  return (await client.expect<Answer>(200, 'PATCH', `/echo/answers/${id}`, { body }, 'EC5')).body;
}

// ---- Calendar arithmetic of the kit's own (expectations never reuse the server's code). ----

/** What a wall clock in `timeZone` shows at an instant. */
function wallClock(ms: number, timeZone: string): { date: string; time: string; second: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes): string => {
    const found = parts.find((p) => p.type === type);
    if (!found) throw new Error(`Intl.DateTimeFormat shows no ${type} for ${timeZone}`);
    return found.value;
  };
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
    second: part('second'),
  };
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const wall = wallClock(ms, timeZone);
  return Date.parse(`${wall.date}T${wall.time}:${wall.second}Z`) - Math.floor(ms / 1000) * 1000;
}

/** The instant a wall clock in `timeZone` shows `date` `time` (times the kit uses never fall in a gap). */
function instantAt(date: string, time: string, timeZone: string): number {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const guess = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(guess, timeZone);
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Monday-based week number (1970-01-01 was a Thursday, so +3 puts Mondays on week starts). */
function weekNumber(date: string): number {
  return Math.floor((epochDay(date) + 3) / 7);
}

/** EC2: whether `date` (in the question's zone) is a day of its schedule. */
function fitsSchedule(q: Question, date: string): boolean {
  switch (q.answer_frequency) {
    case 'daily':
      return true;
    case 'weekly':
      return weekdayOf(date) === q.answer_day;
    case 'biweekly': {
      const created = wallClock(Date.parse(q.created_at), q.answer_time_zone).date;
      return weekdayOf(date) === q.answer_day && (weekNumber(date) - weekNumber(created)) % 2 === 0;
    }
    case 'monthly':
      return weekdayOf(date) === q.answer_day && Number(date.slice(8)) <= 7;
    default:
      return false;
  }
}

/** EC2: the first instant strictly after `now` at answer_time in answer_time_zone that fits the schedule. */
function expectedNextAnswerAt(q: Question, now: string): string {
  const after = Date.parse(now);
  let date = addDays(wallClock(after, q.answer_time_zone).date, -1);
  for (let i = 0; i < 80; i++, date = addDays(date, 1)) {
    if (!fitsSchedule(q, date)) continue;
    const at = instantAt(date, q.answer_time, q.answer_time_zone);
    if (at > after) return iso(at);
  }
  throw new Error(`EC2: the kit found no slot within 80 days for ${JSON.stringify(q)}`);
}

/** EC4: "<Ddd Mmm D>" of a local date, e.g. "Tue Apr 28". */
function shortDate(date: string): string {
  const weekday = SHORT_DAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
  const month = SHORT_MONTHS[Number(date.slice(5, 7)) - 1];
  if (weekday === undefined || month === undefined) throw new Error(`no short date for ${date}: not a YYYY-MM-DD date`);
  return `${weekday} ${month} ${Number(date.slice(8, 10))}`;
}

/** Invalid values of the writable Echo fields, each with the field its problem must name (EC1). */
const INVALID_QUESTIONS: Array<[Record<string, unknown>, string]> = [
  [{ answer_frequency: 'hourly' }, 'answer_frequency'],
  [{ answer_frequency: 'Weekly' }, 'answer_frequency'],
  [{ answer_day: 'Monday' }, 'answer_day'],
  [{ answer_day: 'mon' }, 'answer_day'],
  [{ answer_time: '24:00' }, 'answer_time'],
  [{ answer_time: '09:60' }, 'answer_time'],
  [{ answer_time: '9:00' }, 'answer_time'],
  [{ answer_time: '09:00:00' }, 'answer_time'],
  [{ answer_time: 900 }, 'answer_time'],
  [{ prompt: 5 }, 'prompt'],
  [{ title: null }, 'title'],
];

async function walkQuestions(ctx: KitContext): Promise<Question[]> {
  return ctx.client.walk<Question>('/echo/questions');
}

export const echoes: CheckGroup = {
  name: 'echoes',
  title: 'Echoes (EC1–EC7)',
  checks: [
    {
      rule: 'EC1',
      title:
        "a new Echo takes weekly, monday, 09:00, title = prompt and the creator's time zone; it is listed oldest first",
      async run(ctx) {
        const prompt = ctx.mark('What did you ship this week?');
        const q: Question = await ctx.createEchoQuestion({ prompt });
        const expected = {
          prompt,
          title: prompt,
          answer_frequency: 'weekly',
          answer_day: 'monday',
          answer_time: '09:00',
          answer_time_zone: ctx.me.time_zone,
          paused_at: null,
        };
        for (const [field, value] of Object.entries(expected)) {
          ensure(
            q[field as keyof Question] === value,
            'EC1',
            `a new Echo with only a prompt must have ${field} ${JSON.stringify(value)}, got ${JSON.stringify(q[field as keyof Question])}`,
          );
        }
        ensure(
          q.created_at === q.updated_at,
          'EC1',
          `a new Echo must have updated_at = created_at, got ${q.created_at} and ${q.updated_at}`,
        );
        const read = (await ctx.client.expect<Question>(200, 'GET', `/echo/questions/${q.id}`, {}, 'EC1')).body;
        ensure(
          read.title === prompt && read.answer_frequency === 'weekly',
          'EC1',
          `GET /echo/questions/${q.id} must show what was created`,
        );

        // A second one, every field given: stored as sent, and listed after the first.
        const given = {
          prompt: ctx.mark('Anything to celebrate?'),
          title: ctx.mark('Celebrations'),
          answer_frequency: 'daily',
          answer_day: 'friday',
          answer_time: '23:59',
        } satisfies ApiSchema<'EchoQuestionInput'>;
        const second: Question = await ctx.createEchoQuestion(given);
        for (const [field, value] of Object.entries(given)) {
          ensure(
            second[field as keyof Question] === value,
            'EC1',
            `POST /echo/questions must store ${field} ${JSON.stringify(value)}, got ${JSON.stringify(second[field as keyof Question])}`,
          );
        }
        const all = await walkQuestions(ctx);
        ensureInOrder(
          all,
          (before, after) => before.created_at <= after.created_at,
          'EC1',
          (before, after) =>
            `GET /echo/questions must list oldest first: ${before.id} (${before.created_at}) comes before ${after.id} (${after.created_at})`,
        );
        const first = all.findIndex((x) => x.id === q.id);
        const next = all.findIndex((x) => x.id === second.id);
        ensure(first >= 0 && next >= 0, 'EC1', `GET /echo/questions must list the new Echoes ${q.id} and ${second.id}`);
        ensure(first < next, 'EC1', 'GET /echo/questions: within one second the Echo created first comes first');
      },
    },
    {
      rule: 'EC1',
      title: 'PATCH changes only the fields sent and validates them as on create',
      async run(ctx) {
        const q: Question = await ctx.createEchoQuestion({ prompt: ctx.mark('How is the week going?') });
        const path = `/echo/questions/${q.id}`;
        const changed = await patchQuestion(
          ctx.client,
          q.id,
          { title: ctx.mark('Week check'), answer_day: 'wednesday' },
          'EC1',
        );
        ensure(
          changed.title === ctx.mark('Week check') && changed.answer_day === 'wednesday',
          'EC1',
          `PATCH must store title and answer_day, got ${changed.title}, ${changed.answer_day}`,
        );
        ensure(
          sameIn(changed, q, ['prompt', 'answer_frequency', 'answer_time']),
          'EC1',
          'PATCH must keep the fields it does not send',
        );
        ensure(
          changed.created_at === q.created_at && changed.updated_at >= q.updated_at,
          'EC1',
          `PATCH must keep created_at (${q.created_at} → ${changed.created_at}) and move updated_at forward (${q.updated_at} → ${changed.updated_at})`,
        );
        for (const [body, field] of INVALID_QUESTIONS)
          await ensureRefused(ctx, 'PATCH', path, { body }, 422, 'EC1', field);
        await ensureUnreadableRefused(ctx, 'PATCH', path, 'title', 'title=x', 'G8');
        const after = (await ctx.client.expect<Question>(200, 'GET', path, {}, 'EC1')).body;
        ensure(
          sameIn(after, changed, ['title', 'answer_day', 'answer_time']),
          'EC1',
          'refused PATCHes must change nothing',
        );
        for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
          await ctx.client.expect(404, 'GET', `/echo/questions/${id}`, {}, 'G2');
          await ctx.client.expect(404, 'PATCH', `/echo/questions/${id}`, { body: { title: 'x' } }, 'G2');
          await ctx.client.expect(404, 'DELETE', `/echo/questions/${id}`, {}, 'G2');
        }
      },
    },
    {
      rule: 'EC1',
      title:
        'POST /echo/questions with an unknown frequency or day, a bad time or wrong types gives 422 naming the field; bad JSON 400',
      async run(ctx) {
        ctx.requireWrites();
        for (const [body, field] of INVALID_QUESTIONS) {
          await ensureRefused(
            ctx,
            'POST',
            '/echo/questions',
            { body: { prompt: ctx.mark('refused'), ...body } },
            422,
            'EC1',
            field,
          );
        }
        await ensureUnreadableRefused(ctx, 'POST', '/echo/questions', 'prompt', 'prompt=x', 'EC1');
      },
    },
    {
      rule: 'EC2',
      title:
        'next_answer_at is the first slot after now for daily, weekly, biweekly and monthly schedules, recomputed on PATCH',
      async run(ctx) {
        const q: Question = await ctx.createEchoQuestion({
          prompt: ctx.mark('Schedule probe'),
          answer_frequency: 'daily',
          answer_time: NOON,
        });
        // "Now" is the server's: created_at for the create, updated_at for each PATCH.
        ensure(
          q.next_answer_at === expectedNextAnswerAt(q, q.created_at),
          'EC2',
          `daily at ${NOON} ${q.answer_time_zone}, created ${q.created_at}: next_answer_at must be ${expectedNextAnswerAt(q, q.created_at)}, got ${q.next_answer_at}`,
        );
        const schedules = [
          { answer_frequency: 'weekly', answer_day: 'friday' },
          { answer_frequency: 'biweekly', answer_day: 'wednesday' },
          { answer_frequency: 'biweekly', answer_day: WEEKDAYS[(new Date(q.created_at).getUTCDay() + 1) % 7] },
          { answer_frequency: 'monthly', answer_day: 'tuesday' },
          { answer_frequency: 'monthly', answer_day: 'sunday', answer_time: '06:30' },
        ];
        let last = q;
        for (const schedule of schedules) {
          last = await patchQuestion(ctx.client, q.id, schedule, 'EC2');
          const expected = expectedNextAnswerAt(last, last.updated_at);
          ensure(
            last.next_answer_at === expected,
            'EC2',
            `after PATCH ${JSON.stringify(schedule)} at ${last.updated_at} (${last.answer_time_zone}, created ${last.created_at}): next_answer_at must be ${expected}, got ${last.next_answer_at}`,
          );
        }
        const read = (await ctx.client.expect<Question>(200, 'GET', `/echo/questions/${q.id}`, {}, 'EC2')).body;
        ensure(
          read.next_answer_at === last.next_answer_at,
          'EC2',
          `GET must show next_answer_at ${last.next_answer_at}, got ${read.next_answer_at}`,
        );
      },
    },
    {
      rule: 'EC3',
      title:
        'a paused Echo (paused_at set) has next_answer_at null; an active one has a next_answer_at after its creation',
      async run(ctx) {
        const all = await walkQuestions(ctx);
        for (const q of all) {
          if (q.paused_at === null) {
            ensure(
              q.next_answer_at !== null && q.next_answer_at > q.created_at,
              'EC3',
              `the active Echo ${q.id} must have a next_answer_at after its created_at ${q.created_at}, got ${q.next_answer_at}`,
            );
          } else {
            ensure(
              q.next_answer_at === null,
              'EC3',
              `the paused Echo ${q.id} (paused_at ${q.paused_at}) must have next_answer_at null, got ${q.next_answer_at}`,
            );
          }
        }
        // Pausing is not on the public surface: without a paused Echo to look at, the rule was not shown.
        if (!all.some((q) => q.paused_at !== null))
          throw new NotRun('no paused Echo is listed, and the API has no way to pause one');
      },
    },
    {
      rule: 'EC4',
      title:
        'answers published on a schedule slot are titled "<question title> for <Ddd Mmm D>", and next_answer_at lies after them',
      async run(ctx) {
        // The kit's own Echoes (from this or an interrupted run) hold only answers it posted (EC5).
        const all = (await walkQuestions(ctx)).filter((q) => !q.prompt.startsWith(MARKER)).slice(0, 20);
        let published = 0;
        for (const q of all) {
          const answers = (
            await ctx.client.expect<Answer[]>(200, 'GET', `/echo/questions/${q.id}/answers?per_page=50`, {}, 'EC5')
          ).body;
          for (const a of answers) {
            if (q.next_answer_at !== null) {
              ensure(
                a.published_at < q.next_answer_at,
                'EC4',
                `Echo ${q.id}: next_answer_at ${q.next_answer_at} must lie after the published answer ${a.id} (${a.published_at})`,
              );
            }
            // Answers published by the clock sit on a slot of the schedule; answers posted through the API (EC5)
            // rarely do, and may carry any title.
            const wall = wallClock(Date.parse(a.published_at), q.answer_time_zone);
            if (wall.time !== q.answer_time || wall.second !== '00' || !fitsSchedule(q, wall.date)) continue;
            published++;
            const suffix = ` for ${shortDate(wall.date)}`;
            ensure(
              a.title.endsWith(suffix),
              'EC4',
              `the answer ${a.id} published ${a.published_at} (${wall.date} in ${q.answer_time_zone}) must be titled "… for ${shortDate(wall.date)}", got "${a.title}"`,
            );
            // The question's title may have changed since; while it has not, the answer title starts with it.
            if (q.updated_at <= a.published_at) {
              ensure(
                a.title === `${q.title}${suffix}`,
                'EC4',
                `the answer ${a.id} must be titled "${q.title}${suffix}", got "${a.title}"`,
              );
            }
            ensure(
              a.question.id === q.id && a.question.title === q.title,
              'EC4',
              `the answer ${a.id} must name its question {${q.id}, ${q.title}}, got ${JSON.stringify(a.question)}`,
            );
          }
        }
        if (published === 0) throw new NotRun('no answer published on a schedule slot is listed');
      },
    },
    {
      rule: 'EC5',
      title: 'answers are listed newest first',
      async run(ctx) {
        const all = (await walkQuestions(ctx)).slice(0, 10);
        let seen = 0;
        for (const q of all) {
          const answers = await ctx.client.walk<Answer>(`/echo/questions/${q.id}/answers`);
          seen += answers.length;
          ensureInOrder(
            answers,
            (before, after) => before.published_at >= after.published_at,
            'EC5',
            (before, after) =>
              `Echo ${q.id}: answers must be newest first; ${before.id} (${before.published_at}) comes before ${after.id} (${after.published_at})`,
          );
        }
        if (seen < 2) throw new NotRun('fewer than two Echo answers are listed');
      },
    },
    {
      rule: 'EC5',
      title:
        'answers are REST resources: POST {title?, body} creates, GET reads, PATCH {title?, body?} edits, listed newest first',
      async run(ctx) {
        const { client } = ctx;
        const q: Question = await ctx.createEchoQuestion({ prompt: ctx.mark('Answers probe') });
        const list = `/echo/questions/${q.id}/answers`;
        const first = await postAnswer(client, q.id, { title: ctx.mark('first answer'), body: '**One** thing.' });
        ensure(
          first.title === ctx.mark('first answer') && first.body === '**One** thing.',
          'EC5',
          `POST must store title and body, got ${JSON.stringify(first)}`,
        );
        ensure(
          first.question.id === q.id && first.question.title === q.title,
          'EC5',
          `the answer must name its question {${q.id}, ${q.title}}, got ${JSON.stringify(first.question)}`,
        );
        ensure(
          first.published_at >= q.created_at,
          'EC5',
          `published_at ${first.published_at} must be now, not before the question's creation ${q.created_at}`,
        );
        const second = await postAnswer(client, q.id, { body: 'Another thing.' });
        ensure(
          typeof second.title === 'string' && second.body === 'Another thing.',
          'EC5',
          'POST without a title must still create the answer with its body',
        );
        const listed = await client.walk<Answer>(list);
        ensure(
          JSON.stringify(listed.map((a) => a.id)) === JSON.stringify([second.id, first.id]),
          'EC5',
          `a new Echo's answers must be [second, first] (newest first; within one second the one created last first), got ${listed.map((a) => a.id).join(', ')}`,
        );
        const read = (await client.expect<Answer>(200, 'GET', `/echo/answers/${first.id}`, {}, 'EC5')).body;
        for (const field of ['id', 'title', 'body', 'published_at'] as const) {
          ensure(
            read[field] === first[field],
            'EC5',
            `GET /echo/answers/${first.id} must show ${field} ${JSON.stringify(first[field])} as created, got ${JSON.stringify(read[field])}`,
          );
        }
        const retitled = await patchAnswer(client, first.id, { title: ctx.mark('renamed answer') });
        ensure(
          retitled.title === ctx.mark('renamed answer') && retitled.body === first.body,
          'EC5',
          'PATCH {title} must change the title and keep the body',
        );
        const rewritten = await patchAnswer(client, first.id, { body: 'Changed.' });
        ensure(
          rewritten.body === 'Changed.' &&
            rewritten.title === retitled.title &&
            rewritten.published_at === first.published_at,
          'EC5',
          'PATCH {body} must change the body and keep title and published_at',
        );

        // Negative cases: missing or mistyped fields, bad JSON, unknown and malformed ids.
        for (const [body, field] of [
          [{}, 'body'],
          [{ body: 5 }, 'body'],
          [{ body: 'x', title: 5 }, 'title'],
        ] as const) {
          const { status, body: problem } = await client.request('POST', list, { body });
          ensure(status === 422, 'EC5', `POST ${list} ${JSON.stringify(body)} must give 422, got ${status}`);
          ensureNames(problem, field, 'EC5', `POST ${list} ${JSON.stringify(body)}`);
        }
        for (const [body, field] of [
          [{ body: 5 }, 'body'],
          [{ title: null }, 'title'],
        ] as const) {
          const { status, body: problem } = await client.request('PATCH', `/echo/answers/${first.id}`, { body });
          ensure(
            status === 422,
            'EC5',
            `PATCH /echo/answers/${first.id} ${JSON.stringify(body)} must give 422, got ${status}`,
          );
          ensureNames(problem, field, 'EC5', `PATCH /echo/answers/${first.id} ${JSON.stringify(body)}`);
        }
        await client.expect(
          400,
          'POST',
          list,
          { rawBody: '{"body": ', headers: { 'content-type': 'application/json' } },
          'G8',
        );
        await client.expect(
          400,
          'PATCH',
          `/echo/answers/${first.id}`,
          { rawBody: '{"body": ', headers: { 'content-type': 'application/json' } },
          'G8',
        );
        await client.expect(415, 'POST', list, { rawBody: 'body=x', headers: { 'content-type': 'text/plain' } }, 'G8');
        for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
          await client.expect(404, 'GET', `/echo/questions/${id}/answers`, {}, 'G2');
          await client.expect(404, 'POST', `/echo/questions/${id}/answers`, { body: { body: 'x' } }, 'G2');
          await client.expect(404, 'GET', `/echo/answers/${id}`, {}, 'G2');
          await client.expect(404, 'PATCH', `/echo/answers/${id}`, { body: { body: 'x' } }, 'G2');
        }
        await client.expect(422, 'GET', `${list}?per_page=0`, {}, 'G4');
        const unchanged = await client.walk<Answer>(list);
        ensure(
          unchanged.length === 2 && unchanged[1]?.body === 'Changed.',
          'EC5',
          'refused requests must create or change no answer',
        );
      },
    },
    {
      rule: 'EC6',
      title: 'DELETE /echo/questions/{id} gives 204 and takes its answers along',
      async run(ctx) {
        const { client } = ctx;
        const q: Question = await ctx.createEchoQuestion({ prompt: ctx.mark('Deletion probe') });
        const answer = await postAnswer(client, q.id, { body: 'Soon gone.' });
        await client.expect(204, 'DELETE', `/echo/questions/${q.id}`, {}, 'EC6');
        await client.expect(404, 'GET', `/echo/questions/${q.id}`, {}, 'EC6');
        await client.expect(404, 'GET', `/echo/questions/${q.id}/answers`, {}, 'EC6');
        await client.expect(404, 'GET', `/echo/answers/${answer.id}`, {}, 'EC6');
        await client.expect(404, 'PATCH', `/echo/questions/${q.id}`, { body: { title: 'x' } }, 'EC6');
        await client.expect(404, 'DELETE', `/echo/questions/${q.id}`, {}, 'EC6');
        const all = await walkQuestions(ctx);
        ensure(!all.some((x) => x.id === q.id), 'EC6', `GET /echo/questions still lists the deleted Echo ${q.id}`);
      },
    },
    {
      rule: 'EC7',
      title:
        "someone who is neither the Echo's creator nor an administrator gets 403 changing or deleting it or changing its answers",
      async run(ctx) {
        ctx.requireWrites();
        const { client: stranger } = await ctx.stranger();
        const q: Question = await ctx.createEchoQuestion({ prompt: ctx.mark('EC7 mine') });
        const answer = await postAnswer(ctx.client, q.id, { body: 'Mine.' });
        await stranger.expect(
          403,
          'PATCH',
          `/echo/questions/${q.id}`,
          { body: { title: ctx.mark('EC7 taken') } },
          'EC7',
        );
        await stranger.expect(403, 'DELETE', `/echo/questions/${q.id}`, {}, 'EC7');
        await stranger.expect(403, 'PATCH', `/echo/answers/${answer.id}`, { body: { body: 'Rewritten.' } }, 'EC7');
        const after = (await ctx.client.expect<Question>(200, 'GET', `/echo/questions/${q.id}`, {}, 'EC7')).body;
        ensure(
          after.title === q.title,
          'EC7',
          `the refused PATCH must not change the Echo, its title is ${JSON.stringify(after.title)}`,
        );
        const kept = (await ctx.client.expect<Answer>(200, 'GET', `/echo/answers/${answer.id}`, {}, 'EC7')).body;
        ensure(
          kept.body === 'Mine.',
          'EC7',
          `the refused PATCH must not change the answer, its body is ${JSON.stringify(kept.body)}`,
        );
      },
    },
  ],
};
