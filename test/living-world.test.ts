// LW6–LW8 through the mock's own doors: the world lives as its clock moves (people fill in their check-ins at
// their hour, owners post updates by cadence, teammates respond), the same however many steps the clock took,
// yielding to what clients wrote, and landing where API writes land (the state, webhooks).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, dateInZone, dayNumber, instantAt, weekdayOf } from '../src/domain/calendar.js';
import { checkInThread, isAbsentOn } from '../src/domain/check-in-schedule.js';
import { checkInHabit, checkInTime } from '../src/domain/life-agenda.js';
import type { CheckIn, Person } from '../src/domain/records.js';
import { commentGist, weekOf } from '../fixtures/comment-gist.js';
import { commentSaid } from '../fixtures/voice-habits.js';
import { holidayRanges } from '../fixtures/holidays.js';
import { generateWorld } from '../fixtures/index.js';
import { onTrackBehindPace } from '../fixtures/story-goals.js';
import { changedColleagues, crossPersonSentences } from '../fixtures/story-measure.js';
import { risksBesideUnblockedDays, risksOnBrightDays } from '../fixtures/story-contradictions.js';
import { deadlinesPassed } from '../fixtures/story-times.js';
import {
  numbersNamingTwoWorks,
  numbersOfAnotherTime,
  pullRequestsNumberedAsTickets,
} from '../fixtures/story-numbers.js';
import { storyRecordsOf } from '../src/runtime/story-records.js';
import { feedFindings } from './support/activity-feed.js';
import { CLEARED, goesOn } from './support/blocker-told.js';
import { control, Harness, NOW } from './support/harness.js';

const START = Date.parse(NOW) / 1000;
const DAY = 86_400;

const closing: Array<() => unknown> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** A webhook receiver that takes everything (the deliveries list is what the test compares). */
async function receiver(): Promise<string> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

/** A mock subscribed to every event, its clock moved by `steps`, reading a page of check-ins between steps. */
async function livedThrough(steps: Array<Record<string, number>>) {
  const h = new Harness();
  closing.push(() => h.mock.close());
  expect((await control(h, 'POST', '/webhooks', { url: await receiver() })).status).toBe(201);
  for (const [i, step] of steps.entries()) {
    expect((await control(h, 'POST', '/clock/advance', step)).status).toBe(200);
    // LW6: what is read meanwhile changes nothing.
    if (i % 10 === 0) expect((await h.get('/api/v2/check-ins?per_page=5')).status).toBe(200);
  }
  const state = await h.mock.app.request('/__mock/state');
  const deliveries = [];
  for (let page = 1; ; page++) {
    const { body } = await control(h, 'GET', `/webhooks/deliveries?per_page=50&page=${page}`);
    deliveries.push(...(body as Array<Record<string, unknown>>));
    if (body.length < 50) break;
  }
  return {
    h,
    state: await state.text(),
    deliveries: deliveries.map(({ id, event_id, type, created_at, payload }) => ({
      id,
      event_id,
      type,
      created_at,
      payload,
    })),
  };
}

describe('LW6 the world lives as its clock moves, the same in one step or many', () => {
  it('a week in one step, in 7 days and in 168 hours: byte-identical state and the same webhook deliveries', async () => {
    const once = await livedThrough([{ days: 7 }]);
    const daily = await livedThrough(Array.from({ length: 7 }, () => ({ days: 1 })));
    const hourly = await livedThrough(Array.from({ length: 168 }, () => ({ hours: 1 })));
    // The week did something: check-ins filled, updates posted, comments written, all delivered.
    const types = new Set(once.deliveries.map((d) => d.type));
    expect([...types].sort()).toEqual([
      'check-in.completed',
      'comment.created',
      'echo-answer.published',
      'goal-update.created',
    ]);
    expect(daily.state).toBe(once.state);
    expect(hourly.state).toBe(once.state);
    expect(daily.deliveries).toEqual(once.deliveries);
    expect(hourly.deliveries).toEqual(once.deliveries);
  });
});

/**
 * LW6: `saving`'s state as it stands, put back into `resumed` (its clock set to the state's first), which then lives on
 * to `days` after NOW.
 */
async function putBack(saving: Harness, resumed: Harness, days: number): Promise<void> {
  const saved = (await control(saving, 'GET', '/state')).body;
  expect((await control(resumed, 'PUT', '/clock', { now: saved.now })).status).toBe(200);
  expect((await control(resumed, 'PUT', '/state', saved)).status).toBe(200);
  const hours = (START + days * DAY - Date.parse(saved.now) / 1000) / 3600;
  expect((await control(resumed, 'POST', '/clock/advance', { hours })).status).toBe(200);
}

/** The two worlds' states, as GET /__mock/state gives them. */
async function statesOf(a: Harness, b: Harness): Promise<[string, string]> {
  return [
    JSON.stringify((await control(a, 'GET', '/state')).body),
    JSON.stringify((await control(b, 'GET', '/state')).body),
  ];
}

describe('LW6 a world taken up again lives on as the one that never stopped', () => {
  // Seed 42's day 2 leaves an update posted before the save with comments to come after it (their subject is the
  // update's, as told); seed 7's day 5 and seed 42's a goal whose next update follows one posted before the save (its
  // story: the goals' fair share of fixtures/goals.ts gave seed 42's week one); seed 5's day 3 and 5 hours an update
  // its owner, away on the day it was due (a Tokyo holiday), put off to the next morning, after the save
  // (Life.resumePutOff); seed 2's day 5 and 20 hours one its owner (@htanaka), sick on the Thursday it was due, put off
  // to the Friday (LW3: their check-in says they are sick).
  it.each([
    [42, 2, 0],
    [42, 5, 0],
    [7, 5, 0],
    [5, 3, 5],
    [2, 5, 20],
  ])(
    'seed %i: a week lived through, and the same week saved and put back on day %i (and %i hours): byte-identical',
    async (seed, day, hours) => {
      const [whole, first, second] = [new Harness({ seed }), new Harness({ seed }), new Harness({ seed })];
      closing.push(
        () => whole.mock.close(),
        () => first.mock.close(),
        () => second.mock.close(),
      );
      expect((await control(whole, 'POST', '/clock/advance', { days: 7 })).status).toBe(200);
      expect((await control(first, 'POST', '/clock/advance', { days: day, hours })).status).toBe(200);
      await putBack(first, second, 7);
      const [lived, resumed] = await statesOf(whole, second);
      // The days after the restore wrote comments under routine updates, as the whole week did.
      const comments = (state: string) => state.match(/"comments"/g)?.length;
      expect(comments(resumed)).toBe(comments(lived));
      expect(resumed).toBe(lived);
    },
  );
});

describe('LW1 LW6 a full state put back: an imported base whose goals go on as their titles tell', () => {
  // A full state (`?full=true`) is taken up as an imported base: its updates are plain records, whose story the next
  // update cannot read from the one before. It reads it from its goal's title (fixtures/title-story.ts): "Complete:
  // the config service runbook is written", not "Complete: the config service is written", and it numbers itself
  // after the goal's updates shown ("(#4)" after three, not "(#1)").
  it('seed 42, a fortnight on: each new update tells its goal as the world that never stopped does, and its number', async () => {
    const [whole, first, second] = [new Harness(), new Harness(), new Harness()];
    closing.push(
      () => whole.mock.close(),
      () => first.mock.close(),
      () => second.mock.close(),
    );
    const saved = (await control(first, 'GET', '/state?full=true')).body;
    expect((await control(second, 'PUT', '/state', saved)).status).toBe(200);
    for (const world of [whole, second])
      expect((await control(world, 'POST', '/clock/advance', { days: 14 })).status).toBe(200);
    /** Per goal, what each update posted after NOW says its goal is (its status line), and its number in its goal. */
    const told = async (world: Harness) => {
      const { records } = (await control(world, 'GET', '/state?full=true')).body as {
        records: { goalUpdates: Array<{ goalId: string; title: string; body: string; createdAt: number }> };
      };
      const byGoal = new Map<string, Array<{ at: number; title: string; body: string }>>();
      for (const u of records.goalUpdates)
        byGoal.set(u.goalId, [...(byGoal.get(u.goalId) ?? []), { at: u.createdAt, title: u.title, body: u.body }]);
      const told: string[] = [];
      for (const [goalId, updates] of [...byGoal].sort()) {
        updates.sort((a, b) => a.at - b.at);
        updates.forEach(({ at, title, body }) => {
          if (at <= START) return;
          const status = /^\*\*Status:\*\* (.+?) (?:is|are) /.exec(body)?.[1];
          // The number some people tag their titles with ("(#4)", "— #4", "[#4]"), where the author does.
          const tag = /#(\d+)\b/.exec(title)?.[1] ?? '';
          told.push(`${goalId}: ${status} ${tag}`);
        });
      }
      return told;
    };
    const [lived, resumed] = [await told(whole), await told(second)];
    expect(lived.length).toBeGreaterThan(10);
    expect(lived.filter((line) => / \d+$/.test(line)).length).toBeGreaterThan(0);
    expect(resumed).toEqual(lived);
  });
});

describe("LW1 LW6 a missed goal's word after the planning, from the clock", () => {
  // Seed 3's "Audit the design tokens for WCAG AA" ends on Monday November 23, missed; a week on, at its planning
  // (src/domain/planning-day.ts), its owner tells what was decided on December 1 at 21:43Z and archives it an hour on.
  // A fortnight in one step, in days, and saved between the word and the archiving: byte-identical.
  it('seed 3: posted at its planning, the goal archived after it, the same in one step, in days and put back between', async () => {
    const [once, daily, first, second] = [
      new Harness({ seed: 3 }),
      new Harness({ seed: 3 }),
      new Harness({ seed: 3 }),
      new Harness({ seed: 3 }),
    ];
    closing.push(...[once, daily, first, second].map((h) => () => h.mock.close()));
    expect((await control(once, 'POST', '/clock/advance', { days: 14 })).status).toBe(200);
    for (let day = 0; day < 14; day++)
      expect((await control(daily, 'POST', '/clock/advance', { days: 1 })).status).toBe(200);
    expect((await control(first, 'POST', '/clock/advance', { days: 11, hours: 7 })).status).toBe(200);
    await putBack(first, second, 14);
    const { store } = once.mock.world;
    const goal = [...store.goals.values()].find((g) => g.title === 'Audit the design tokens for WCAG AA');
    const [word, missed] = store.updatesOfGoal(goal!.id);
    expect(missed!.body).toContain('we agree a new date at the next planning');
    expect([word!.progress, word!.confidence, word!.personId]).toEqual([missed!.progress, 30, goal!.ownerId]);
    expect(word!.body).toMatch(/^\*\*Decided:\*\* /m);
    expect(new Date(word!.createdAt * 1000).toISOString()).toMatch(/^2026-12-01T/);
    expect([goal!.archived, goal!.updatedAt]).toEqual([true, word!.createdAt + 3_600]);
    const [lived, resumed] = await statesOf(once, second);
    expect(resumed).toBe(lived);
    expect((await statesOf(once, daily))[1]).toBe(lived);
  });
});

describe('LW7 a missed goal a client changed before its planning', () => {
  // The same goal as above: its owner moves the end date on by hand before the planning; the clock then posts no
  // word after the planning, and archives nothing (life.ts' #plan and #archive yield to what clients wrote).
  it('seed 3: no word after the planning, and the goal stays open with the client’s end date', async () => {
    const h = new Harness({ seed: 3 });
    closing.push(() => h.mock.close());
    const goal = [...h.world.store.goals.values()].find((g) => g.title === 'Audit the design tokens for WCAG AA')!;
    const owner = h.world.store.people.get(goal.ownerId)!;
    expect((await control(h, 'POST', '/clock/advance', { days: 4 })).status).toBe(200);
    const before = h.world.store.updatesOfGoal(goal.id).length;
    const changed = await h.call('PATCH', `/api/v2/goals/${goal.id}`, {
      token: h.tokenOf(owner),
      body: { end_date: '2027-01-29' },
    });
    expect(changed.status).toBe(200);
    expect((await control(h, 'POST', '/clock/advance', { days: 10 })).status).toBe(200);
    const updates = h.world.store.updatesOfGoal(goal.id);
    expect(updates.filter((u) => /\*\*Decided:\*\*/.test(u.body))).toEqual([]);
    expect(updates.length).toBeGreaterThanOrEqual(before);
    const now = h.world.store.goals.get(goal.id)!;
    expect([now.archived, now.endDate]).toEqual([false, '2027-01-29']);
  });
});

describe('LW6 a reply that waits for a teammate away, and the world saved meanwhile', () => {
  it('comes on their day back in the world put back, as in the one that never stopped', async () => {
    // The first update of the week with comments, and its first commenter, who is then away a week from its day.
    const reference = new Harness();
    closing.push(() => reference.mock.close());
    const generated = new Set(reference.world.store.goalUpdates.keys());
    await control(reference, 'POST', '/clock/advance', { days: 3 });
    const commented = [...reference.world.store.comments.values()]
      .filter((c) => c.resourceType === 'goal-update' && !generated.has(c.resourceId))
      .sort((a, b) => a.createdAt - b.createdAt)[0]!;
    const update = reference.world.store.goalUpdates.get(commented.resourceId)!;
    const mate = reference.world.store.people.get(commented.personId)!;
    const start = dateInZone(update.createdAt, mate.timeZone);
    const [whole, saving, resumed] = [new Harness(), new Harness(), new Harness()];
    closing.push(
      () => whole.mock.close(),
      () => saving.mock.close(),
      () => resumed.mock.close(),
    );
    for (const h of [whole, saving])
      expect((await control(h, 'POST', `/people/${mate.id}/absences`, { start, end: addDays(start, 7) })).status).toBe(
        201,
      );
    // Saved six days after the update: past the five days within which every reply comes when nobody is away.
    const savedAfter = Math.ceil((update.createdAt - START) / 3600) + 6 * 24;
    expect((await control(whole, 'POST', '/clock/advance', { days: 14 })).status).toBe(200);
    expect((await control(saving, 'POST', '/clock/advance', { hours: savedAfter })).status).toBe(200);
    await putBack(saving, resumed, 14);
    const later = (h: Harness) =>
      [...h.world.store.comments.values()].filter(
        (c) => c.resourceId === update.id && c.personId === mate.id && c.createdAt > START + savedAfter * 3600,
      );
    expect(later(whole).length).toBeGreaterThan(0);
    expect(later(resumed)).toEqual(later(whole));
    const [lived, taken] = await statesOf(whole, resumed);
    expect(taken).toBe(lived);
  });
});

describe('LW6 LW7 an update the clock posted and a client changed, saved and put back', () => {
  it('stays as the client wrote it, and the week lives on as the one that never stopped', async () => {
    // An update the clock posts before day 5 on a goal it posts on again after it: the one after follows up a
    // record a client changed (plain, so its story is its goal's title alone) in the world that never stopped.
    const reference = new Harness({ seed: 7 });
    closing.push(() => reference.mock.close());
    const generated = new Set(reference.world.store.goalUpdates.keys());
    await control(reference, 'POST', '/clock/advance', { days: 7 });
    const posted = [...reference.world.store.goalUpdates.values()].filter((u) => !generated.has(u.id));
    const saveAt = START + 5 * DAY;
    const edited = posted.find(
      (u) => u.createdAt < saveAt && posted.some((later) => later.goalId === u.goalId && later.createdAt > saveAt),
    )!;
    const author = reference.world.store.people.get(edited.personId)!;

    const [whole, first, second] = [new Harness({ seed: 7 }), new Harness({ seed: 7 }), new Harness({ seed: 7 })];
    closing.push(
      () => whole.mock.close(),
      () => first.mock.close(),
      () => second.mock.close(),
    );
    for (const h of [whole, first]) {
      expect((await control(h, 'POST', '/clock/advance', { days: 5 })).status).toBe(200);
      const changed = await h.call('PATCH', `/api/v2/goal-updates/${edited.id}`, {
        token: h.tokenOf(author),
        body: { title: 'Rewritten by hand after the sync' },
      });
      expect(changed.status).toBe(200);
    }
    expect((await control(whole, 'POST', '/clock/advance', { days: 2 })).status).toBe(200);
    await putBack(first, second, 7);
    expect(second.world.store.goalUpdates.get(edited.id)?.title).toBe('Rewritten by hand after the sync');
    const [lived, resumed] = await statesOf(whole, second);
    expect(resumed).toBe(lived);
  });
});

/** The check-ins of people other than `but` on the dates the week made, as the store holds them. */
function weekCheckIns(h: Harness, people: readonly Person[]): CheckIn[] {
  const found: CheckIn[] = [];
  for (const person of people) {
    const first = addDays(dateInZone(START, person.timeZone), 1);
    const today = dateInZone(h.world.now(), person.timeZone);
    for (let date = first; date < today; date = addDays(date, 1)) {
      const checkIn = h.world.store.checkInOf(person.id, date);
      if (checkIn && !checkIn.absent) found.push(checkIn);
    }
  }
  return found;
}

describe('LW6 an owner away on the day their update falls due', () => {
  it('posts it on their first day back, at the hour they would have', async () => {
    // The first update the week brings, in a world left alone.
    const alone = new Harness();
    const baseUpdates = new Set(alone.world.store.goalUpdates.keys());
    await control(alone, 'POST', '/clock/advance', { days: 7 });
    const first = [...alone.world.store.goalUpdates.values()]
      .filter((u) => !baseUpdates.has(u.id))
      .sort((a, b) => a.createdAt - b.createdAt)[0]!;
    const owner = alone.world.store.people.get(first.personId)!;
    const due = dateInZone(first.createdAt, owner.timeZone);

    const away = new Harness();
    const recorded = await control(away, 'POST', `/people/${owner.id}/absences`, { start: due, end: due });
    expect(recorded.status).toBe(201);
    await control(away, 'POST', '/clock/advance', { days: 7 });
    const posted = [...away.world.store.updatesOfGoal(first.goalId)].filter((u) => !baseUpdates.has(u.id));
    expect(posted.length).toBeGreaterThan(0);
    const back = posted.sort((a, b) => a.createdAt - b.createdAt)[0]!;
    // Their first day back is their next working day: a Friday's update comes on Monday.
    let dayBack = addDays(due, 1);
    while (['saturday', 'sunday'].includes(weekdayOf(dayBack))) dayBack = addDays(dayBack, 1);
    expect(dateInZone(back.createdAt, owner.timeZone)).toBe(dayBack);
    expect(back.createdAt - first.createdAt).toBe(DAY * (dayNumber(dayBack) - dayNumber(due)));
  });

  it('away a week, and the world saved five days in: the update still comes on their day back', async () => {
    const alone = new Harness();
    closing.push(() => alone.mock.close());
    const baseUpdates = new Set(alone.world.store.goalUpdates.keys());
    await control(alone, 'POST', '/clock/advance', { days: 4 });
    // The first update of a goal that runs a fortnight on yet, so that one comes after the week away.
    const first = [...alone.world.store.goalUpdates.values()]
      .filter((u) => !baseUpdates.has(u.id))
      .filter((u) => {
        const { endDate } = alone.world.store.goals.get(u.goalId)!;
        return endDate === null || endDate > addDays(dateInZone(u.createdAt, 'UTC'), 16);
      })
      .sort((a, b) => a.createdAt - b.createdAt)[0]!;
    const owner = alone.world.store.people.get(first.personId)!;
    const due = dateInZone(first.createdAt, owner.timeZone);
    // Away from the day it is due for a week: the tries run on past the agendas a restore reads again (three days).
    const end = addDays(due, 7);
    const [whole, saving, resumed] = [new Harness(), new Harness(), new Harness()];
    closing.push(
      () => whole.mock.close(),
      () => saving.mock.close(),
      () => resumed.mock.close(),
    );
    for (const h of [whole, saving])
      expect((await control(h, 'POST', `/people/${owner.id}/absences`, { start: due, end })).status).toBe(201);
    expect((await control(whole, 'POST', '/clock/advance', { days: 14 })).status).toBe(200);
    // Saved five days into the week away: its due date is past the three days a fresh world's agendas reach back.
    const savedAfter = Math.ceil((first.createdAt - START) / 3600) + 5 * 24;
    expect((await control(saving, 'POST', '/clock/advance', { hours: savedAfter })).status).toBe(200);
    await putBack(saving, resumed, 14);
    const back = (h: Harness) =>
      h.world.store
        .updatesOfGoal(first.goalId)
        .filter((u) => !baseUpdates.has(u.id))
        .map((u) => dateInZone(u.createdAt, owner.timeZone));
    expect(back(whole).some((date) => date > end)).toBe(true);
    expect(back(resumed)).toEqual(back(whole));
    const [lived, taken] = await statesOf(whole, resumed);
    expect(taken).toBe(lived);
  });
});

describe('LW6 a week of seed 42', () => {
  it('fills in most due check-ins, posts on every weekly goal, comments on some updates; the default person waits', async () => {
    const h = new Harness();
    const baseUpdates = new Set(h.world.store.goalUpdates.keys());
    // Where each goal stood as the week began: one still running then is posted on, whether or not the week ends it.
    const progressAtStart = new Map(
      [...h.world.store.goals.keys()].map((id) => [id, h.world.store.latestUpdateOf(id)?.progress ?? 0]),
    );
    await control(h, 'POST', '/clock/advance', { days: 7 });
    const others = h.world.store.peopleInOrder.filter((p) => p.id !== h.world.defaultPersonId);
    const due = weekCheckIns(h, others);
    const filled = due.filter((c) => c.completedAt !== null);
    expect(due.length).toBeGreaterThan(40);
    expect(filled.length / due.length).toBeGreaterThanOrEqual(0.85);
    // Each at its person's usual hour (or late that day), on its own date, written out.
    for (const c of filled) {
      expect(dateInZone(c.completedAt!, h.world.store.people.get(c.personId)!.timeZone)).toBe(c.date);
      expect(c.previous).toMatch(/\S/);
    }
    // LW7: the default person's check-ins of the week wait for the user (AI2).
    const mine = weekCheckIns(h, [h.person()]);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.filter((c) => c.completedAt !== null)).toEqual([]);

    const newUpdates = [...h.world.store.goalUpdates.values()].filter((u) => !baseUpdates.has(u.id));
    // An owner away on the day their update falls due posts on their first day back: after a holiday (Thanksgiving,
    // the week's Thursday and Friday in the USA) that is the Monday or Tuesday after, so the weekly goals are read
    // on the Tuesday, those of an owner away on other days (a vacation) left out.
    const span = { from: dateInZone(START, 'UTC'), to: dateInZone(START + 11 * DAY, 'UTC') };
    const weekly = [...h.world.store.goals.values()].filter((g) => {
      const owner = h.world.store.people.get(g.ownerId)!;
      const holidays = holidayRanges(owner.timeZone, span.from, span.to);
      return (
        g.updateCadence === 'weekly' &&
        !g.archived &&
        g.ownerId !== h.world.defaultPersonId &&
        (g.startDate === null || g.startDate <= span.from) &&
        (g.endDate === null || addDays(g.endDate, 7) >= dateInZone(START + 7 * DAY, 'UTC')) &&
        progressAtStart.get(g.id)! < 100 &&
        h.world.store
          .absencesOf(owner)
          .every(
            (a) =>
              a.end < span.from || a.start > span.to || holidays.some((d) => d.start === a.start && d.end === a.end),
          )
      );
    });
    expect(weekly.length).toBeGreaterThan(0);
    for (const update of newUpdates) {
      const before = [...h.world.store.updatesOfGoal(update.goalId)].filter((u) => u.createdAt < update.createdAt);
      const previous = before.sort((a, b) => b.createdAt - a.createdAt)[0];
      if (previous) expect(update.progress).toBeGreaterThanOrEqual(previous.progress);
      expect(update.title).toMatch(/\S/);
    }
    const commented = newUpdates.filter((u) => h.world.store.commentsOf('goal-update', u.id).length > 0);
    expect(commented.length / newUpdates.length).toBeGreaterThanOrEqual(0.2);

    await control(h, 'POST', '/clock/advance', { days: 4 });
    const posted = [...h.world.store.goalUpdates.values()].filter((u) => !baseUpdates.has(u.id));
    for (const goal of weekly)
      expect(posted.filter((u) => u.goalId === goal.id).length, goal.title).toBeGreaterThanOrEqual(1);
  });

  it('LW3: a check-in the clock fills after a blocked one tells that blocker cleared, or still in the way', async () => {
    const h = new Harness();
    const start = h.world.now();
    // Four weeks: a blocker on one component two check-ins running comes about once a month in seed 42's small world.
    await control(h, 'POST', '/clock/advance', { days: 28 });
    const { store } = h.world;
    const followed = store.peopleInOrder
      .filter((p) => p.kind === 'human')
      .flatMap((person) => {
        const filled = [...store.checkIns.values()]
          .filter((c) => c.personId === person.id && c.completedAt !== null)
          .sort((a, b) => a.date.localeCompare(b.date));
        // The one before in its thread (checkInThread: a guest's check-ins for another team follow up their own).
        const threadOf = (c: CheckIn) => checkInThread(person, c.teamIds);
        return filled.slice(1).flatMap((after, k) => {
          const before = filled
            .slice(0, k + 1)
            .reverse()
            .find((c) => threadOf(c) === threadOf(after));
          if (!before) return [];
          const recent = dayNumber(after.date) - dayNumber(before.date) <= 12;
          return after.completedAt! > start && before.blockers?.trim() && recent && after.mood !== 'sick'
            ? [after]
            : [];
        });
      });
    expect(followed.length).toBeGreaterThan(0);
    // Unless the one it fills is blocked on the same component: then that blocker is still in the way, told so in
    // its blockers (fixtures/world-text.test.ts reads the wordings), never cleared.
    const going = followed.filter((after) => goesOn(after.blockers));
    expect(going.length).toBeGreaterThan(0);
    for (const after of followed)
      expect(
        after.previous?.split('\n').some((line) => CLEARED.test(line)),
        after.date,
      ).toBe(!going.includes(after));
    // As the history of a world made at the clock's instant tells them: the clock's fill writes through the same code.
    const later = generateWorld({ seed: 42, size: 'small', now: h.world.now() });
    const made = new Map(later.checkIns.map((c) => [c.id, c]));
    for (const after of going)
      expect([after.previous, after.blockers], after.date).toEqual([
        made.get(after.id)?.previous,
        made.get(after.id)?.blockers,
      ]);
  });

  it("CI1: the week's holidays are days off: no check-in in New York or San Francisco on Thanksgiving", async () => {
    const h = new Harness();
    await control(h, 'POST', '/clock/advance', { days: 7 });
    const zoneOf = (c: CheckIn) => h.world.store.people.get(c.personId)!.timeZone;
    const thanksgiving = [...h.world.store.checkIns.values()].filter((c) => c.date === '2026-11-26');
    expect(thanksgiving.filter((c) => zoneOf(c).startsWith('America/'))).toEqual([]);
    // Berlin works that Thursday, as do the Americans the day before.
    expect(thanksgiving.filter((c) => zoneOf(c) === 'Europe/Berlin').length).toBeGreaterThan(0);
    const before = [...h.world.store.checkIns.values()].filter((c) => c.date === '2026-11-25');
    expect(before.filter((c) => zoneOf(c).startsWith('America/') && c.completedAt !== null).length).toBeGreaterThan(0);
  });

  it("LW6: the clock's comments and reactions of a week with Thanksgiving wait for their writer's day back", async () => {
    // Seeds 1-10, a week from NOW: 6 of 127 comments and 10 of 86 reactions of the clock's fell on their writer's days
    // away before it.
    const away: string[] = [];
    let written = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const h = new Harness({ seed });
      const { store } = h.world;
      const before = new Set([...store.comments.keys(), ...store.reactions.keys()]);
      await control(h, 'POST', '/clock/advance', { days: 7 });
      for (const r of [...store.comments.values(), ...store.reactions.values()]) {
        if (before.has(r.id)) continue;
        const person = store.people.get(r.personId)!;
        const date = dateInZone(r.createdAt, person.timeZone);
        written++;
        if (isAbsentOn(store.absencesOf(person), date)) away.push(`seed ${seed}: ${person.username} on ${date}`);
      }
    }
    expect(written).toBeGreaterThan(100);
    expect(away).toEqual([]);
  });

  it("LW3, LW6: the clock's tools log no work on a day its person checked in sick", async () => {
    // Seeds 1-10, a week from NOW: 5 of 280 activities the clock logged fell on a day its person checked in sick.
    const sick: string[] = [];
    let logged = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const h = new Harness({ seed });
      const { store } = h.world;
      const before = new Set(store.activities.keys());
      await control(h, 'POST', '/clock/advance', { days: 7 });
      const days = new Set(
        [...store.checkIns.values()].filter((c) => c.mood === 'sick').map((c) => `${c.personId} ${c.date}`),
      );
      for (const a of store.activities.values()) {
        if (before.has(a.id)) continue;
        const date = dateInZone(a.recordedAt, store.people.get(a.personId)!.timeZone);
        logged++;
        if (days.has(`${a.personId} ${date}`)) sick.push(`seed ${seed}: ${a.title} on ${date}`);
      }
    }
    expect(logged).toBeGreaterThan(100);
    expect(sick).toEqual([]);
  });

  it('LW4: no two people write one sentence, the week the simulation wrote too (a store lists people by name)', async () => {
    const h = new Harness();
    await control(h, 'POST', '/clock/advance', { days: 7 });
    const shared = crossPersonSentences(storyRecordsOf(h.world));
    expect(shared.of).toBeGreaterThan(2000);
    expect(shared.examples).toEqual([]);
  });

  it('LW4: no teammate asks a person what another asked them a week before, over a fortnight the simulation wrote', async () => {
    // Seed 5 (seed 42's fortnight has no such pair to make): "worth bringing the icon set to the product review?" to
    // one person by two teammates a week apart, 6 of 22 of its new questions before ASKED_WEEKS (a stranger's read).
    const h = new Harness({ seed: 5 });
    await control(h, 'POST', '/clock/advance', { days: 14 });
    const { store } = h.world;
    const authorOf = (c: { resourceType: string; resourceId: string }) =>
      c.resourceType === 'check-in'
        ? store.checkIns.get(c.resourceId)?.personId
        : store.goalUpdates.get(c.resourceId)?.personId;
    const asked = new Map<string, { personId: string; body: string }>();
    const twice: string[] = [];
    let questions = 0;
    for (const c of [...store.comments.values()].sort((a, b) => a.createdAt - b.createdAt)) {
      const gist = commentGist(c.body);
      const author = authorOf(c);
      if (!gist.endsWith('?') || author === c.personId) continue;
      const week = weekOf(c.createdAt);
      const before = asked.get(`${author} ${week - 1} ${gist}`) ?? asked.get(`${author} ${week} ${gist}`);
      if (c.createdAt > START) {
        questions++;
        if (before && before.personId !== c.personId) twice.push(`"${before.body}", then "${c.body}"`);
      }
      asked.set(`${author} ${week} ${gist}`, c);
    }
    expect(questions).toBeGreaterThan(10);
    expect(twice).toEqual([]);
  });

  it("LW4: nobody says again what they said in the quarter before, whomever to, nor what a goal's updates heard then", async () => {
    // "everyone later; the pricing page change starts with a cohort we can watch" to @ebello on October 18 and to
    // @lflores on November 16 (a reader's read of seed 11): over these fortnights, 11 of 65 new comments said a
    // writer's words of the quarter before again, or a goal's, before.
    const again: string[] = [];
    let written = 0;
    for (const seed of [1, 2, 3]) {
      const h = new Harness({ seed });
      await control(h, 'POST', '/clock/advance', { days: 14 });
      const { store } = h.world;
      const said = new Map<string, number>();
      for (const c of [...store.comments.values()].sort((a, b) => a.createdAt - b.createdAt)) {
        const words = commentSaid(c.body);
        const goal = c.resourceType === 'goal-update' ? store.goalUpdates.get(c.resourceId)?.goalId : undefined;
        const keys = [`${c.personId} ${words}`, ...(goal ? [`${goal} ${words}`] : [])];
        const quarter = c.createdAt - 13 * 7 * DAY;
        if (c.createdAt > START) {
          written++;
          const saidAt = keys.map((key) => said.get(key));
          if (saidAt.some((t) => (t ?? 0) >= quarter)) again.push(`seed ${seed}: ${c.body}`);
        }
        for (const key of keys) said.set(key, c.createdAt);
      }
    }
    expect(written).toBeGreaterThan(50);
    expect(again).toEqual([]);
  });

  it("LW5: an author answers only comments that were written, never one of the default person's (LW7)", async () => {
    // "Cheers @agraham! Plenty of people pitched in on the config service" under an update nobody but the author
    // commented on: the thread drawn had the default person comment first, which the simulation leaves unwritten,
    // and wrote the answer all the same (a stranger's read; seed 8's week here).
    const h = new Harness({ seed: 8 });
    await control(h, 'POST', '/clock/advance', { days: 7 });
    const { store } = h.world;
    const byUsername = new Map(store.peopleInOrder.map((p) => [p.username, p.id]));
    const comments = [...store.comments.values()];
    const authorOf = (c: (typeof comments)[number]) =>
      c.resourceType === 'check-in'
        ? store.checkIns.get(c.resourceId)?.personId
        : store.goalUpdates.get(c.resourceId)?.personId;
    const answers = comments.filter((c) => c.createdAt > START && authorOf(c) === c.personId && /@\w+/.test(c.body));
    const unasked = answers.filter((answer) => {
      const to = byUsername.get(/@(\w+)/.exec(answer.body)![1]!);
      return !comments.some(
        (c) => c.resourceId === answer.resourceId && c.personId === to && c.createdAt <= answer.createdAt,
      );
    });
    expect(answers.length).toBeGreaterThan(0);
    expect(unasked.map((c) => c.body)).toEqual([]);
  });

  it('LW3: a week the simulation wrote carries items with their @mentions and numbers, each number one work', async () => {
    const h = new Harness();
    await control(h, 'POST', '/clock/advance', { days: 7 });
    const records = storyRecordsOf(h.world);
    // A check-in written as the clock moves tells again the plan of one the generator wrote (issue 35: "once @elim
    // pushes the fixes", then "once @mbraun pushes the fixes"; 3 of 582 pairs before mentions came in style order).
    const changed = changedColleagues(records);
    expect(changed.of).toBeGreaterThan(500);
    expect(changed.examples).toEqual([]);
    for (const measure of [numbersNamingTwoWorks, pullRequestsNumberedAsTickets, numbersOfAnotherTime])
      expect(measure(records).examples).toEqual([]);
  });

  it("LW3: a fortnight the simulation wrote tells one person's one day one way: no blocker beside a blank one, no risk beside a bright mood", async () => {
    const h = new Harness();
    const start = h.world.now();
    await control(h, 'POST', '/clock/advance', { days: 14 });
    const records = storyRecordsOf(h.world);
    // The clock's own: its updates, and the check-ins it filled (the history's are the story table's).
    const lived = {
      ...records,
      goalUpdates: records.goalUpdates.filter((u) => u.createdAt > start),
      checkIns: records.checkIns.filter((c) => (c.completedAt ?? 0) > start),
    };
    // An update at risk beside its author's check-in of no blocker that day tells a slip of pace, not a block.
    const risks = risksBesideUnblockedDays(lived);
    expect(risks.of).toBeGreaterThan(0);
    expect(risks.examples).toEqual([]);
    // Nor an update at risk or off track beside its author's check-in of a day gone well ("happy").
    const bright = risksOnBrightDays(lived);
    expect(bright.of).toBeGreaterThan(0);
    expect(bright.examples).toEqual([]);
    // And no plan of a check-in names a deadline its day has reached ("By Friday, …" on a Friday).
    const deadlines = deadlinesPassed(lived);
    expect(deadlines.of).toBeGreaterThan(0);
    expect(deadlines.examples).toEqual([]);
  });

  it('LW7 `all` fills in the default person’s check-ins too; `none` leaves every new one empty', async () => {
    const all = new Harness();
    await all.simulate('all');
    await control(all, 'POST', '/clock/advance', { days: 7 });
    expect(weekCheckIns(all, [all.person()]).filter((c) => c.completedAt !== null).length).toBeGreaterThan(0);
    const none = new Harness();
    await none.simulate('none');
    await control(none, 'POST', '/clock/advance', { days: 7 });
    expect(weekCheckIns(none, none.world.store.peopleInOrder).filter((c) => c.completedAt !== null)).toEqual([]);
    expect((await control(none, 'GET', '/world')).body.simulate).toBe('none');
  });
});

describe("LW1, LW6 the clock's goal updates keep to their goals' time", () => {
  // The clock's updates rose 2–12 points whatever the time, with a confidence drifting at random: in four weeks of
  // seeds 1–20 and 42, 37 of their 456 read On track 35 points or more behind the share of their goal's time gone
  // (goal-pace.ts), 3 of seed 42's, before the fix.
  it("four weeks of seed 42: none reads On track far behind the share of its goal's time gone", async () => {
    const h = new Harness({ seed: 42, size: 'small' });
    closing.push(() => h.mock.close());
    expect((await control(h, 'POST', '/clock/advance', { days: 28 })).status).toBe(200);
    const records = storyRecordsOf(h.mock.world);
    const lived = onTrackBehindPace({
      ...records,
      goalUpdates: records.goalUpdates.filter((u) => u.createdAt > START),
    });
    expect(lived.of).toBeGreaterThan(15);
    expect(lived.examples).toEqual([]);
  });
});

describe('LW6, LW8 the activity feed goes on as the clock moves', () => {
  it('a week logs pull requests, tickets, meetings and deploys at the history’s pace, in GET /activities, none for the default person', async () => {
    const h = new Harness();
    const { store } = h.world;
    const history = [...store.activities.values()];
    await control(h, 'POST', '/clock/advance', { days: 7 });
    const since = new Date((START + 1) * 1000).toISOString().replace('.000Z', 'Z');
    const listed: Array<{ id: string; person: { id: string } }> = [];
    for (let page = 1; ; page++) {
      const answer = await h.get(`/api/v2/activities?since=${since}&per_page=50&page=${page}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      listed.push(...(answer.body as typeof listed));
      if ((answer.body as unknown[]).length < 50) break;
    }
    const logged = listed.map((a) => store.activities.get(a.id)!);
    // As many a week as the history's last four weeks held, give or take the draws (LW6).
    const weekly = history.filter((a) => a.recordedAt > START - 28 * DAY).length / 4;
    expect(logged.length).toBeGreaterThan(weekly * 0.5);
    expect(logged.length).toBeLessThan(weekly * 2);
    expect(new Set(logged.map((a) => a.kind)).size).toBeGreaterThanOrEqual(4);
    // Each in its person's working day, written as the history is (LW7: the default person's are the user's).
    // The history and what the clock added read as one feed: no number, task or release of one taken by the other.
    const absent = (person: Person, date: string) => isAbsentOn(store.absencesOf(person), date);
    expect(feedFindings([...history, ...logged], store.people, absent)).toEqual([]);
    for (const a of logged) {
      expect(a.personId).not.toBe(h.world.defaultPersonId);
      expect(a.recordedAt).toBeLessThanOrEqual(h.world.now());
    }

    const none = new Harness();
    await none.simulate('none');
    await control(none, 'POST', '/clock/advance', { days: 7 });
    expect(none.world.store.activities.size).toBe(history.length);
  });
});

describe('LW6 the day a world is made, its feed goes on from its history', () => {
  it('over seeds 1 to 12, what the clock adds that day takes none of the history’s numbers, tasks or releases', async () => {
    let added = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const h = new Harness({ seed });
      const { store } = h.world;
      const history = new Set(store.activities.keys());
      await control(h, 'POST', '/clock/advance', { hours: 10 });
      added += [...store.activities.keys()].filter((id) => !history.has(id)).length;
      const absent = (person: Person, date: string) => isAbsentOn(store.absencesOf(person), date);
      expect(feedFindings([...store.activities.values()], store.people, absent), `seed ${seed}`).toEqual([]);
    }
    expect(added).toBeGreaterThan(20);
  });
});

describe('LW7 the simulation yields to people', () => {
  it('a check-in a client PATCHed before its hour keeps the client’s answers; an untouched one is filled at its hour', async () => {
    const h = new Harness();
    // Monday 06:00 UTC: the Americas' check-ins of the day exist, their hours still to come.
    expect((await control(h, 'PUT', '/clock', { now: '2026-11-23T06:00:00Z' })).status).toBe(200);
    const now = h.world.now();
    // People whose check-in of today is still fresh and whose hour is still to come today.
    const waiting = h.world.store.peopleInOrder.flatMap((person) => {
      const date = dateInZone(now, person.timeZone);
      const checkIn = h.world.store.checkInOf(person.id, date);
      if (person.id === h.world.defaultPersonId || !checkIn || checkIn.completedAt !== null || checkIn.absent)
        return [];
      const at = checkInTime(42, checkInHabit(42, person), checkIn.id, instantAt(date, '00:00', person.timeZone));
      return at !== null && at > now && at < now + DAY ? [{ person, checkIn, at }] : [];
    });
    expect(waiting.length).toBeGreaterThanOrEqual(3);
    const [answered, teamsOnly, untouched] = waiting;
    const patch = (w: (typeof waiting)[number], body: object) =>
      h.patch(`/api/v2/check-ins/${w.checkIn.id}`, body, { token: h.tokenOf(w.person) });
    expect((await patch(answered!, { intentions: '- My own plan' })).status).toBe(200);
    // A PATCH that answers nothing still makes the check-in the client's.
    expect((await patch(teamsOnly!, { team_ids: [teamsOnly!.person.teamIds[0]] })).status).toBe(200);
    await control(h, 'POST', '/clock/advance', { days: 1 });
    const read = (w: (typeof waiting)[number]) => h.world.store.checkIns.get(w.checkIn.id)!;
    expect(read(answered!)).toMatchObject({
      previous: null,
      intentions: '- My own plan',
      blockers: null,
      completedAt: now,
    });
    expect(read(teamsOnly!)).toMatchObject({ previous: null, intentions: null, completedAt: null, updatedAt: now });
    expect(read(untouched!).completedAt).toBe(untouched!.at);
  });

  it('a goal a client created gets no simulated update, while its owner’s other goals do', async () => {
    const h = new Harness();
    const owner = h.person(
      (p) =>
        p.id !== h.world.defaultPersonId &&
        p.kind === 'human' &&
        [...h.world.store.goals.values()].some(
          // A weekly goal still running when the fortnight ends: its updates fall due in it.
          (g) =>
            g.ownerId === p.id &&
            g.updateCadence === 'weekly' &&
            !g.archived &&
            (g.endDate === null || g.endDate > addDays(dateInZone(START, p.timeZone), 14)),
        ),
    );
    const made = await h.post(
      '/api/v2/goals',
      { title: 'A goal of my own', update_cadence: 'weekly' },
      { token: h.tokenOf(owner) },
    );
    expect(made.status).toBe(201);
    await control(h, 'POST', '/clock/advance', { days: 14 });
    expect((await h.get(`/api/v2/goals/${made.body.id}/goal-updates`, { token: h.tokenOf(owner) })).body).toEqual([]);
    const posted = [...h.world.store.goalUpdates.values()].filter(
      (u) => u.personId === owner.id && u.createdAt > START,
    );
    expect(posted.length).toBeGreaterThan(0);
  });
});

describe('LW7 PUT /__mock/world', () => {
  it('answers whom the world lives for, per session, and GET /__mock/world tells it', async () => {
    const h = new Harness();
    closing.push(() => h.mock.close());
    expect((await control(h, 'GET', '/world')).body.simulate).toBe('others');
    expect(await control(h, 'PUT', '/world', { simulate: 'all' })).toEqual({ status: 200, body: { simulate: 'all' } });
    expect((await control(h, 'GET', '/world')).body.simulate).toBe('all');
    const session = { 'x-mock-session': 'mine' };
    // A session starts as the shared world simulates, and then goes its own way.
    expect((await control(h, 'GET', '/world', undefined, session)).body.simulate).toBe('all');
    await control(h, 'PUT', '/world', { simulate: 'none' }, session);
    expect((await control(h, 'GET', '/world', undefined, session)).body.simulate).toBe('none');
    expect((await control(h, 'GET', '/world')).body.simulate).toBe('all');
    // MK2: a reset keeps it.
    await control(h, 'POST', '/reset', {});
    expect((await control(h, 'GET', '/world')).body.simulate).toBe('all');
  });

  it('G8: a value off the list is refused naming the field and the values it takes', async () => {
    const h = new Harness();
    closing.push(() => h.mock.close());
    const refused = await control(h, 'PUT', '/world', { simulate: 'everyone' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ in: 'body', name: 'simulate', message: expect.stringMatching(/others.*all.*none/) }),
    ]);
    expect((await control(h, 'GET', '/world')).body.simulate).toBe('others');
  });
});

describe('LW7 a saved state keeps whom its world simulates for', () => {
  it.each(['/state', '/state?full=true'])('GET %s says it, and a PUT of it brings it back', async (path) => {
    const h = new Harness();
    const other = new Harness();
    closing.push(
      () => h.mock.close(),
      () => other.mock.close(),
    );
    await control(h, 'PUT', '/world', { simulate: 'none' });
    const state = (await control(h, 'GET', path)).body;
    expect(state.simulate).toBe('none');
    expect((await control(other, 'PUT', '/state', state)).status).toBe(200);
    expect((await control(other, 'GET', '/world')).body.simulate).toBe('none');
    // A value off the list is refused, naming it; the world stays as it was.
    const refused = await control(other, 'PUT', '/state', { ...state, simulate: 'sometimes' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ in: 'body', name: 'simulate', message: expect.stringMatching(/others.*all.*none/) }),
    ]);
    expect((await control(other, 'GET', '/world')).body.simulate).toBe('none');
  });
});

describe('LW8 what the simulation does is real', () => {
  it('a filled check-in is delivered as check-in.completed at its instant, as its GET gives it, and is no longer an item', async () => {
    const h = new Harness();
    closing.push(() => h.mock.close());
    expect((await control(h, 'POST', '/webhooks', { url: await receiver() })).status).toBe(201);
    // Friday 15:00 UTC to Monday: the Americas' Friday and everyone's Monday.
    await control(h, 'POST', '/clock/advance', { days: 3 });
    const { body: deliveries } = await control(h, 'GET', '/webhooks/deliveries?per_page=50');
    const completed = (deliveries as Array<{ type: string; created_at: string; payload: any }>).filter(
      (d) => d.type === 'check-in.completed',
    );
    expect(completed.length).toBeGreaterThan(5);
    for (const { created_at, payload } of completed) {
      expect(payload.data.completed_at).toBe(created_at);
      const person = h.world.store.people.get(payload.data.person.id)!;
      const read = await h.get(`/api/v2/check-ins/${payload.data.id}`, { token: h.tokenOf(person) });
      expect(read.body).toEqual(payload.data);
      const items = (
        await h.get<Array<{ kind: string; resource: { id: string } }>>('/api/v2/action-items', {
          token: h.tokenOf(person),
        })
      ).body;
      expect(items.filter((i) => i.resource.id === payload.data.id)).toEqual([]);
    }
    // LW7: the default person's check-in of today still waits as an item (AI2).
    const me = h.person();
    const mine = h.world.store.checkInOf(me.id, dateInZone(h.world.now(), me.timeZone))!;
    expect(mine.completedAt).toBeNull();
    const items = (await h.get<Array<{ resource: { id: string } }>>('/api/v2/action-items')).body;
    expect(items.map((i) => i.resource.id)).toContain(mine.id);
  });
});
