// The explorer's check-in steps (issue 37): the caller's own check-ins, PATCHed only when the run may (a standin
// session of its own, or --modify-existing; the target puts their answers back at the sequence's end), judged
// by CI3 (completed_at set by the first PATCH that leaves an answer non-null, kept after; updated_at moves on),
// CI4 (blocked exactly when blockers holds non-whitespace text), CI5 (people_ids[], blocked and team_ids[] filter
// exactly; the caller's list holds the open check-in of today GET /action-items names) and CI6 (by date is the
// same record as by id; an id never issued answers 404);
// and the caller's action items as the run's own writes fix them (AI2, AI3).
import fc from 'fast-check';
import type { CheckInStepKind, ExploreStep } from './explore-step.js';
import { expect, pickOf } from './explore-failure.js';
import { CHECK_IN_ANSWERS, type ExploreModel, type ModelCheckIn } from './explore-model.js';
import type { ExploreTarget } from './explore-target.js';

export const CHECK_IN_NEEDS: Record<CheckInStepKind, (m: ExploreModel) => boolean> = {
  readMyCheckIns: (m) => m.mayModifyCheckIns && m.checkIns === null,
  patchCheckIn: (m) => (m.checkIns?.length ?? 0) > 0,
  readCheckIn: (m) => (m.checkIns?.length ?? 0) > 0,
  filterMyCheckIns: (m) => (m.checkIns?.length ?? 0) > 0,
  listTeamCheckIns: (m) => (m.checkIns?.length ?? 0) > 0,
  listActionItems: (m) => m.goals.length > 0 || (m.checkIns?.length ?? 0) > 0,
};

type CheckInAnswer = Record<(typeof CHECK_IN_ANSWERS)[number], unknown> & {
  id: string;
  date: string;
  person: { id: string };
  blocked: boolean;
  completed_at: string | null;
  updated_at: string;
  teams: Array<{ id: string }>;
};

/** An id no server issued (a version-4 UUID of zeros): CI6's lookup answers 404 for it. */
const NEVER_ISSUED = '00000000-0000-4000-8000-000000000000';

interface ActionItem {
  kind: string;
  due_on: string;
  resource: { id: string };
}

/** CI4: blockers with non-whitespace text block. */
const blocks = (blockers: unknown) => typeof blockers === 'string' && blockers.trim() !== '';

/** The check-in as the model has it: its answers (CI3), blocked (CI4), completed_at kept once set (CI3). */
function expectCheckIn(checkIn: ModelCheckIn, answer: CheckInAnswer, where: string): void {
  for (const field of CHECK_IN_ANSWERS)
    expect(
      JSON.stringify(answer[field]) === JSON.stringify(checkIn.answers[field]),
      'domain',
      'CI3',
      `${where}: check-in ${checkIn.id}'s ${field} is ${JSON.stringify(answer[field])}, not ${JSON.stringify(checkIn.answers[field])}`,
    );
  expect(
    answer.blocked === blocks(checkIn.answers.blockers),
    'domain',
    'CI4',
    `${where}: check-in ${checkIn.id} has blockers ${JSON.stringify(checkIn.answers.blockers)} and blocked ${answer.blocked}`,
  );
  if (checkIn.completedAt !== null)
    expect(
      answer.completed_at === checkIn.completedAt,
      'domain',
      'CI3',
      `${where}: check-in ${checkIn.id}'s completed_at is ${answer.completed_at}; it was set to ${checkIn.completedAt} and later edits keep it`,
    );
}

/** GET /action-items, every page (the caller's open items are few). */
async function actionItems(target: ExploreTarget): Promise<ActionItem[]> {
  const items: ActionItem[] = [];
  for (let page = 1; page <= 10; page++) {
    const got = await target.call<ActionItem[]>('GET', `/action-items?per_page=50&page=${page}`);
    expect(got.status === 200, 'http', 'AI1', `GET /action-items answered ${got.status}`);
    items.push(...got.body);
    if (got.body.length < 50) break;
  }
  return items;
}

/** AI3's due day of a goal with no update since its start: its start date plus the weekly cadence. */
function weekAfter(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
}

/** CI5 and AI1: the caller's own check-ins, newest first, their open one among them; the model's from them. */
async function readMyCheckInsStep(model: ExploreModel, target: ExploreTarget): Promise<void> {
  const got = await target.call<CheckInAnswer[]>('GET', `/check-ins?people_ids[]=${target.me}&per_page=3`);
  expect(got.status === 200, 'http', 'CI5', `GET /check-ins?people_ids[]=… answered ${got.status}`);
  const others = got.body.filter((c) => c.person.id !== target.me);
  expect(
    others.length === 0,
    'domain',
    'CI5',
    `GET /check-ins?people_ids[]=${target.me} lists check-ins of ${others.map((c) => c.person.id).join(', ')}; people_ids[] keeps only the people named`,
  );
  if (got.body.length < 3) {
    // AI1: today's check-in is an action item while open; it is the caller's newest, so their list holds it.
    const open = (await actionItems(target)).filter((i) => i.kind === 'check-in');
    let missing = open.filter((i) => !got.body.some((c) => c.id === i.resource.id));
    if (missing.length > 0) {
      // A day may have begun between the two reads (a new open check-in): the list is read once more.
      const again = await target.call<CheckInAnswer[]>('GET', `/check-ins?people_ids[]=${target.me}&per_page=3`);
      if (again.status === 200) missing = missing.filter((i) => !again.body.some((c) => c.id === i.resource.id));
    }
    expect(
      missing.length === 0,
      'domain',
      'CI5',
      `GET /check-ins?people_ids[]=${target.me}&per_page=3 lists ${got.body.length} check-ins and leaves out ${missing.map((i) => `${i.resource.id} (due ${i.due_on})`).join(', ')}, ` +
        "the caller's open check-in GET /action-items names",
    );
  }
  model.checkIns = got.body.map((c) => ({
    id: c.id,
    date: c.date,
    answers: Object.fromEntries(CHECK_IN_ANSWERS.map((f) => [f, c[f]])) as ModelCheckIn['answers'],
    completedAt: c.completed_at,
    updatedAt: c.updated_at,
  }));
}

/** CI3 and CI6: a PATCH of the caller's check-in, by id or date, its answers and completed_at as CI3 has them. */
async function patchCheckInStep(step: ExploreStep, model: ExploreModel, target: ExploreTarget): Promise<void> {
  const checkIn = pickOf(model.checkIns!, step.pick);
  const body = {
    ...(step.blockers === undefined ? {} : { blockers: step.blockers }),
    ...(step.previous === undefined ? {} : { previous: step.previous }),
  };
  const path = `/check-ins/${step.byDate ? checkIn.date : checkIn.id}`;
  target.restoreCheckInLater(checkIn.id, { ...checkIn.answers });
  const got = await target.call<CheckInAnswer>('PATCH', path, body);
  expect(got.status === 200, 'http', 'CI3', `PATCH ${path} of the caller's own check-in answered ${got.status}`);
  expect(
    got.body.id === checkIn.id,
    'domain',
    'CI6',
    `PATCH ${path} changed check-in ${got.body.id}, not the caller's check-in of ${checkIn.date} (${checkIn.id})`,
  );
  Object.assign(checkIn.answers, body);
  const wasOpen = checkIn.completedAt === null;
  expectCheckIn(checkIn, got.body, `PATCH ${path}`);
  expect(
    got.body.updated_at >= checkIn.updatedAt,
    'domain',
    'CI3',
    `PATCH ${path}: updated_at went back from ${checkIn.updatedAt} to ${got.body.updated_at}; it becomes now`,
  );
  const answered = CHECK_IN_ANSWERS.some((f) => checkIn.answers[f] !== null && checkIn.answers[f] !== undefined);
  if (wasOpen && Object.keys(body).length > 0)
    expect(
      answered ? got.body.completed_at === got.body.updated_at : got.body.completed_at === null,
      'domain',
      'CI3',
      `PATCH ${path} with ${JSON.stringify(body)} left completed_at ${got.body.completed_at} (updated_at ${got.body.updated_at}); ` +
        (answered
          ? 'the first PATCH that leaves an answer non-null sets it to now'
          : 'no answer is non-null, so it stays null'),
    );
  checkIn.completedAt = got.body.completed_at;
  checkIn.updatedAt = got.body.updated_at;
  target.forget(`/check-ins/${checkIn.id}`);
}

/** CI6: a check-in read by id and by its date, the same representation. */
async function readCheckInStep(step: ExploreStep, model: ExploreModel, target: ExploreTarget): Promise<void> {
  const checkIn = pickOf(model.checkIns!, step.pick);
  const byId = await target.call<CheckInAnswer>('GET', `/check-ins/${checkIn.id}`);
  const byDate = await target.call<CheckInAnswer>('GET', `/check-ins/${checkIn.date}`);
  expect(
    byId.status === 200 && byDate.status === 200,
    'http',
    'CI6',
    `GET /check-ins/${checkIn.id} answered ${byId.status}, GET /check-ins/${checkIn.date} ${byDate.status}`,
  );
  expect(
    byId.text === byDate.text,
    'domain',
    'CI6',
    `GET /check-ins/${checkIn.date} is not the caller's check-in of that date as GET /check-ins/${checkIn.id} gives it:\n  by id   ${byId.text.slice(0, 300)}\n  by date ${byDate.text.slice(0, 300)}`,
  );
  expectCheckIn(checkIn, byId.body, `GET /check-ins/${checkIn.id}`);
  target.seeRepresentation(`/check-ins/${checkIn.id}`, byId.text, byId.headers.get('etag'));
}

/** CI5: blocked=… keeps exactly the check-ins whose blocked is that. */
async function filterMyCheckInsStep(step: ExploreStep, model: ExploreModel, target: ExploreTarget): Promise<void> {
  // CI5: blocked=… keeps exactly the check-ins whose blocked is that (CI4: blockers with text). The model's are
  // the caller's most recent, so the filtered list, in the same order, holds every one of them that matches
  // on its first page.
  const path = `/check-ins?people_ids[]=${target.me}&blocked=${step.blocked}&per_page=50`;
  const got = await target.call<CheckInAnswer[]>('GET', path);
  expect(got.status === 200, 'http', 'CI5', `GET ${path} answered ${got.status}`);
  const wrong = got.body.filter((c) => c.person.id !== target.me || c.blocked !== step.blocked);
  expect(
    wrong.length === 0,
    'domain',
    'CI5',
    `GET ${path} lists ${wrong.map((c) => `check-in ${c.id} of ${c.person.id}, blocked ${c.blocked}`).join('; ')}`,
  );
  for (const checkIn of model.checkIns!)
    if (blocks(checkIn.answers.blockers) === step.blocked)
      expect(
        got.body.some((c) => c.id === checkIn.id),
        'domain',
        'CI5',
        `GET ${path} leaves out check-in ${checkIn.id} (${checkIn.date}), whose blockers are ${JSON.stringify(checkIn.answers.blockers)}`,
      );
}

/** CI5 and CI6: team_ids[] over one day's check-ins, and an id never issued. */
async function listTeamCheckInsStep(step: ExploreStep, model: ExploreModel, target: ExploreTarget): Promise<void> {
  // CI5: team_ids[] keeps exactly the check-ins with one of those teams, in the same order, over one day's
  // check-ins of everyone (the day of one of the caller's, so the list is not empty and holds theirs).
  const { date, id } = pickOf(model.checkIns!, step.pick);
  const day = `/check-ins?since=${date}&until=${date}&per_page=50`;
  const all = await target.call<CheckInAnswer[]>('GET', day);
  expect(all.status === 200, 'http', 'CI5', `GET ${day} answered ${all.status}`);
  // A day of more than a page (a large world) is judged on what the page shows: each listed has the team.
  const whole = all.body.length < 50;
  expect(
    !whole || all.body.some((c) => c.id === id),
    'domain',
    'CI5',
    `GET ${day} leaves out the caller's check-in ${id} of that day`,
  );
  const teams = [...new Set(all.body.flatMap((c) => c.teams.map((t) => t.id)))].sort();
  const team = pickOf(teams, step.pick);
  const path = `${day}&team_ids[]=${team}`;
  const got = await target.call<CheckInAnswer[]>('GET', path);
  expect(got.status === 200, 'http', 'CI5', `GET ${path} answered ${got.status}`);
  const want = all.body.filter((c) => c.teams.some((t) => t.id === team)).map((c) => c.id);
  const listed = got.body.map((c) => c.id);
  expect(
    whole ? listed.join() === want.join() : got.body.every((c) => c.teams.some((t) => t.id === team)),
    'domain',
    'CI5',
    `GET ${path} lists ${got.body.map((c) => c.id).join(', ') || 'nothing'}; of that day's check-ins, those with team ${team}, in the same order, are ${want.join(', ')}`,
  );
  const unknown = await target.call('GET', `/check-ins/${NEVER_ISSUED}`);
  expect(
    unknown.status === 404,
    'http',
    'CI6',
    `GET /check-ins/${NEVER_ISSUED}, an id never issued, answered ${unknown.status}`,
  );
}

/** AI2 and AI3: the caller's action items against the model's check-ins and goals. */
async function listActionItemsStep(model: ExploreModel, target: ExploreTarget): Promise<void> {
  const items = await actionItems(target);
  for (const checkIn of model.checkIns ?? [])
    expect(
      checkIn.completedAt === null || !items.some((i) => i.kind === 'check-in' && i.resource.id === checkIn.id),
      'domain',
      'AI2',
      `GET /action-items lists check-in ${checkIn.id} (${checkIn.date}), completed at ${checkIn.completedAt}; completing a check-in removes its item`,
    );
  // AI3, for the run's goals: not archived, not ended (their end dates are years away), weekly; made now, so
  // due only when started long ago and no live update was posted (the run's updates are all posted now).
  for (const goal of model.goals) {
    const item = items.find((i) => i.kind === 'goal-update' && i.resource.id === goal.id);
    const due = !goal.archived && goal.startDate !== null && goal.updates.length === 0;
    expect(
      due ? item?.due_on === weekAfter(goal.startDate!) : item === undefined,
      'domain',
      'AI3',
      `GET /action-items ${item ? `lists goal ${goal.id} due on ${item.due_on}` : `does not list goal ${goal.id}`}; ` +
        `it is ${goal.archived ? 'archived' : 'open'}, started ${goal.startDate ?? 'at its creation (now)'}, with ${goal.updates.length} live updates` +
        (due ? `, so it is due on ${weekAfter(goal.startDate!)}` : ', so it is not due'),
    );
  }
}

/** Runs a check-in step; false when the step is not one. */
export async function runCheckInStep(step: ExploreStep, model: ExploreModel, target: ExploreTarget): Promise<boolean> {
  switch (step.kind) {
    case 'readMyCheckIns':
      await readMyCheckInsStep(model, target);
      return true;
    case 'patchCheckIn':
      await patchCheckInStep(step, model, target);
      return true;
    case 'readCheckIn':
      await readCheckInStep(step, model, target);
      return true;
    case 'filterMyCheckIns':
      await filterMyCheckInsStep(step, model, target);
      return true;
    case 'listTeamCheckIns':
      await listTeamCheckInsStep(step, model, target);
      return true;
    case 'listActionItems':
      await listActionItemsStep(model, target);
      return true;
    default:
      return false;
  }
}

/**
 * The check-in steps a run draws (those that PATCH only when it may), and the action items' read; `activity`
 * (AC2's and WH1's steps, with the hook) shares the action items' slot.
 */
export function checkInStepArbitraries(
  mayPatch: boolean,
  activity?: fc.Arbitrary<ExploreStep>,
): Array<fc.Arbitrary<ExploreStep>> {
  const pick = fc.nat({ max: 1000 });
  const text = fc.constantFrom<string | null | undefined>(undefined, null, '', '   ', 'waiting on review');
  if (!mayPatch) return [fc.record({ kind: fc.constant('listActionItems' as const) })];
  const patch = fc.record({
    kind: fc.constant('patchCheckIn' as const),
    pick,
    blockers: text,
    previous: text,
    byDate: fc.boolean(),
  });
  return [
    fc.record({ kind: fc.constant('readMyCheckIns' as const) }),
    // Twice: the PATCHes are what moves a check-in through CI3's states, so they get two slots of the draw.
    patch,
    patch,
    // One slot for the reads, so that the filters' reads do not thin out the steps that reach deep states.
    fc.oneof(
      fc.record({ kind: fc.constant('readCheckIn' as const), pick }),
      fc.record({ kind: fc.constant('filterMyCheckIns' as const), blocked: fc.boolean() }),
      fc.record({ kind: fc.constant('listTeamCheckIns' as const), pick }),
    ),
    activity
      ? fc.oneof(fc.record({ kind: fc.constant('listActionItems' as const) }), activity)
      : fc.record({ kind: fc.constant('listActionItems' as const) }),
  ];
}
