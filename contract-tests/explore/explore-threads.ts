// The explorer's threads (issue 37): the records its comment and reaction steps pick from (CR1, CR2), the run's
// goal updates and check-ins: the caller's own filled ones, a teammate's, and one of someone outside their teams
// (the caller may see every check-in: CR1 and CR2 restrict none; the world's threads are on those). A check-in's thread is opened the first time a step picks it: its lists are read as
// they stand (the world's comments and reactions, which the run never removes but must see kept), the caller is
// refused a DELETE of another's comment or reaction (CR1, CR2: the author's only, 403, and nothing changes), and a
// never-issued check-in's list answers 404 (G2).
import { expect, pickOf } from './explore-failure.js';
import type { ExploreModel, ModelCheckInThread, ModelThread } from './explore-model.js';
import type { ExploreTarget } from './explore-target.js';

/** Another person's check-in, of a day of the caller's: a teammate's (sharing a team that day) or not. */
type Others = 'teammate' | 'outside';

/** A thread a step may pick: one known to the model, or a check-in's opened when picked (another's: found then). */
type ThreadChoice = ModelThread | { checkIn: string } | Others;

/** The threads comment and reaction steps pick from: the run's updates', the check-ins' opened, then those to open. */
function threadChoices(m: ExploreModel): ThreadChoice[] {
  const opened = new Set(m.checkInThreads.map((t) => t.id));
  // The caller's own check-ins filled (CI3: completed), as their team sees them; and up to two of each other kind.
  const own = (m.checkIns ?? []).filter((c) => c.completedAt !== null && !opened.has(c.id));
  const others = (['teammate', 'outside'] as const).filter(
    (whose) => (m.checkIns?.length ?? 0) > 0 && m.checkInThreads.filter((t) => t.whose === whose).length < 2,
  );
  return [...m.threads(), ...own.map((c) => ({ checkIn: c.id })), ...others];
}

/** Whether a comment or reaction step has a thread to pick. */
export const hasThreadChoice = (m: ExploreModel): boolean => threadChoices(m).length > 0;

const onUpdate = (choice: ThreadChoice) =>
  typeof choice !== 'string' && 'path' in choice && choice.path.startsWith('/goal-updates/');

/**
 * Picks a goal update's thread or a check-in's, one time in three the latter when both are there, by a part of the
 * pick apart from the part that picks within: a shrunk sequence that drops a step on the other side (a check-in
 * read, a goal made) still picks the same record, so failures shrink as they did before check-ins had threads.
 */
export function pickSide<T extends ThreadChoice>(choices: readonly T[], pick = 0): T {
  const updates = choices.filter(onUpdate);
  const checkIns = choices.filter((c) => !onUpdate(c));
  if (updates.length === 0 || checkIns.length === 0) return pickOf(choices, pick);
  return pickOf(Math.floor(pick / 7) % 3 === 0 ? checkIns : updates, pick);
}

/** The thread a step picks, its check-in's opened first if it was not; null when no such check-in was found. */
export async function pickThread(model: ExploreModel, target: ExploreTarget, pick = 0): Promise<ModelThread | null> {
  const choice = pickSide(threadChoices(model), pick);
  if (typeof choice === 'string') {
    const id = await othersCheckIn(model, target, choice, pick);
    return id === null ? null : openCheckInThread(model, target, id, choice, pick);
  }
  return 'path' in choice ? choice : openCheckInThread(model, target, choice.checkIn, 'own', pick);
}

/** An id no server issued (a version-4 UUID of zeros): G2's lookups answer 404 for it. */
const NEVER_ISSUED = '00000000-0000-4000-8000-000000000000';

/** Lists read a page of this many: a thread of the run holds fewer, and the model judges the first page only. */
const PAGE = 50;

interface Listed {
  id: string;
  name?: string;
  person: { id: string };
}

interface DayCheckIn {
  id: string;
  person: { id: string };
  teams: Array<{ id: string }>;
}

/**
 * GO8 with CR1 or CR2: a record just deleted is gone for its own DELETE too (404, not a second 204 or a failure).
 * @example await expectGoneOnDeleteAgain(target, `/comments/${id}`, 'CR1', 'a deleted comment')
 */
export async function expectGoneOnDeleteAgain(
  target: ExploreTarget,
  path: string,
  rule: 'CR1' | 'CR2',
  what: string,
): Promise<void> {
  const again = await target.call('DELETE', path);
  expect(
    again.status === 404,
    'http',
    rule,
    `DELETE ${path} again, after it was removed, answered ${again.status}; ${what} answers 404`,
  );
}

/** GET the thread's comments: the run's, newest first, then those listed before it (CR1). */
export async function expectComments(target: ExploreTarget, thread: ModelThread, after: string): Promise<void> {
  const path = `${thread.path}/comments?per_page=${PAGE}`;
  const got = await target.call<Listed[]>('GET', path);
  expect(got.status === 200, 'http', 'CR1', `GET ${path} answered ${got.status}`);
  const want = [...thread.comments].sort((a, b) => b.seq - a.seq).slice(0, PAGE);
  expect(
    got.body.map((c) => c.id).join() === want.map((c) => c.id).join(),
    'domain',
    'CR1',
    `GET ${path} ${after} lists ${got.body.map((c) => c.id).join(', ') || 'nothing'}; newest first it is ` +
      `${want.map((c) => c.id).join(', ') || 'nothing'} (the run's comments, then those listed before them)`,
  );
}

/** GET the thread's reactions: the run's, newest first, then those listed before it (CR2). */
export async function expectReactions(target: ExploreTarget, thread: ModelThread, after: string): Promise<void> {
  const path = `${thread.path}/reactions?per_page=${PAGE}`;
  const got = await target.call<Listed[]>('GET', path);
  expect(got.status === 200, 'http', 'CR2', `GET ${path} answered ${got.status}`);
  const want = [...thread.reactions].sort((a, b) => b.seq - a.seq).slice(0, PAGE);
  expect(
    got.body.map((r) => r.id).join() === want.map((r) => r.id).join(),
    'domain',
    'CR2',
    `GET ${path} ${after} lists ${got.body.map((r) => `${r.id} (${r.name})`).join(', ') || 'nothing'}; ` +
      `newest first it is ${want.map((r) => `${r.id} (${r.name})`).join(', ') || 'none'} (the run's reactions, then those listed before them)`,
  );
}

/** Another person's check-in on the day of one of the caller's: a teammate's (sharing a team that day) or not. */
async function othersCheckIn(
  model: ExploreModel,
  target: ExploreTarget,
  whose: Others,
  pick: number,
): Promise<string | null> {
  const { date, id } = pickOf(model.checkIns!, pick);
  const day = `/check-ins?since=${date}&until=${date}&per_page=${PAGE}`;
  const got = await target.call<DayCheckIn[]>('GET', day);
  expect(got.status === 200, 'http', 'CI5', `GET ${day} answered ${got.status}`);
  const teams = new Set(got.body.find((c) => c.id === id)?.teams.map((t) => t.id) ?? []);
  const theirs = got.body.filter(
    (c) =>
      c.person.id !== target.me &&
      c.teams.some((t) => teams.has(t.id)) === (whose === 'teammate') &&
      !model.checkInThreads.some((t) => t.id === c.id),
  );
  return theirs.length === 0 ? null : pickOf(theirs, pick).id;
}

/**
 * CR1, CR2: another's comment or reaction listed before is the author's only: a DELETE by the caller answers 403
 * and the thread's lists stay as they were.
 */
async function refuseOthers(target: ExploreTarget, thread: ModelCheckInThread, pick: number): Promise<void> {
  const others = [
    ...thread.comments.filter((c) => c.before !== undefined && c.before !== target.me).map((c) => `/comments/${c.id}`),
    ...thread.reactions
      .filter((r) => r.before !== undefined && r.before !== target.me)
      .map((r) => `/reactions/${r.id}`),
  ];
  if (others.length === 0) return;
  const path = pickOf(others, pick);
  const rule = path.startsWith('/comments/') ? 'CR1' : 'CR2';
  const got = await target.call('DELETE', path);
  expect(
    got.status === 403,
    'domain',
    rule,
    `DELETE ${path}, another person's on check-in ${thread.id}, by the caller answered ${got.status}; only its author may (403)`,
  );
  if (rule === 'CR1') await expectComments(target, thread, `after a refused DELETE ${path}`);
  else await expectReactions(target, thread, `after a refused DELETE ${path}`);
}

/** Reads a check-in's thread as it stands, into the model, then holds the caller to CR1's, CR2's and G2's refusals. */
async function openCheckInThread(
  model: ExploreModel,
  target: ExploreTarget,
  id: string,
  whose: ModelCheckInThread['whose'],
  pick: number,
): Promise<ModelThread> {
  const path = `/check-ins/${id}`;
  const comments = await target.call<Listed[]>('GET', `${path}/comments?per_page=${PAGE}`);
  const reactions = await target.call<Listed[]>('GET', `${path}/reactions?per_page=${PAGE}`);
  expect(
    comments.status === 200 && reactions.status === 200,
    'http',
    'CR1',
    `GET ${path}/comments answered ${comments.status}, GET ${path}/reactions ${reactions.status}, for a check-in the caller may see`,
  );
  const thread: ModelCheckInThread = {
    id,
    path,
    whose,
    comments: comments.body.map((c) => ({ id: c.id, seq: 0, before: c.person.id })),
    reactions: reactions.body.map((r) => ({ id: r.id, name: r.name!, seq: 0, before: r.person.id })),
  };
  model.checkInThreads.push(thread);
  await refuseOthers(target, thread, pick);
  // G2: a check-in never issued has no thread (404, not an empty list).
  const list = pick % 2 === 0 ? 'comments' : 'reactions';
  const unknown = await target.call('GET', `/check-ins/${NEVER_ISSUED}/${list}`);
  expect(
    unknown.status === 404,
    'http',
    list === 'comments' ? 'CR1' : 'CR2',
    `GET /check-ins/${NEVER_ISSUED}/${list}, a check-in never issued, answered ${unknown.status}`,
  );
  return thread;
}
