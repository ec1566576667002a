// The records (#records): goals, people and today's check-ins as the default person sees them through /api/v2
// (today where that person is, by the world's clock), each opening its JSON by id (record-view.ts).
import type { components } from '../../types/api.js';
import { clockNow } from './clock-panel.js';
import { $, text } from './dom.js';
import { describeFailure } from './failure.js';
import { api } from './fetching.js';
import { counted, dayIn, seenBy } from './formatting.js';
import { recordLink } from './json-view.js';
import { say } from './message.js';
import { roster } from './roster.js';

type Schemas = components['schemas'];

/** The most records a list reads: one page of the API. */
const PER_PAGE = 50;

/** One line of a record list: what the record is, then its id, both opening its JSON. */
function recordItem(path: string, label: string, detail: string): HTMLElement {
  const item = document.createElement('li');
  const id = path.slice(path.lastIndexOf('/') + 1);
  item.append(recordLink(label, path), ' ', text('span', detail, 'detail'), ' ');
  const code = recordLink(id.slice(0, 8), path);
  code.title = id;
  code.classList.add('id');
  item.append(code);
  return item;
}

/** How a check-in stands: absent, not filled in, or its mood (and whether it is blocked). */
function checkInState(checkIn: Schemas['CheckIn']): string {
  if (checkIn.absent) return 'absent';
  if (checkIn.completed_at === null) return 'not filled in';
  return `${checkIn.mood ?? 'no mood'}${checkIn.blocked ? ' · blocked' : ''}`;
}

/** The days back a day without check-ins looks for the last one that had some: a long weekend's. */
const LOOK_BACK_DAYS = 6;

/** The last day before `today`, within LOOK_BACK_DAYS, with check-ins, and its check-ins (none: today's empty). */
async function lastCheckInDay(today: string): Promise<{ day: string; checkIns: Schemas['CheckInList'] }> {
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - LOOK_BACK_DAYS * 86_400_000).toISOString().slice(0, 10);
  const week = await api<Schemas['CheckInList']>(`/check-ins?since=${since}&until=${today}&per_page=50`);
  const last = week.reduce<string | null>((latest, c) => (latest === null || c.date > latest ? c.date : latest), null);
  return last === null ? { day: today, checkIns: [] } : { day: last, checkIns: week.filter((c) => c.date === last) };
}

/**
 * Goals as a demo reads them: the open ones first (below 100% and not archived), soonest end first, then the
 * finished and archived, each in the API's order (a page opening on May's goals at 100% reads as a stale world).
 */
function openFirst(goals: Schemas['GoalList']): Schemas['GoalList'] {
  const open = (g: Schemas['Goal']) => !g.archived && g.progress < 100;
  const end = (g: Schemas['Goal']) => g.end_date ?? '9999-12-31';
  return [...goals].sort((a, b) => Number(open(b)) - Number(open(a)) || (open(a) ? end(a).localeCompare(end(b)) : 0));
}

/**
 * Reads goals, people and today's check-ins as the default person (once known) and lists them.
 * @example await showRecords()
 */
export async function showRecords(): Promise<void> {
  if (!roster.defaultPerson) return;
  $('records-person').textContent = roster.defaultPerson.person.name;
  try {
    const me = await api<Schemas['Person']>('/me');
    const today = dayIn(me.time_zone, clockNow());
    const [goals, people, todays] = await Promise.all([
      api<Schemas['GoalList']>('/goals?per_page=50'),
      api<Schemas['PersonList']>('/people?per_page=50'),
      api<Schemas['CheckInList']>(`/check-ins?since=${today}&until=${today}&per_page=50`),
    ]);
    // A day no team checks in on (a weekend) shows the last day one did, so the day after an advance to a Saturday
    // still shows the team's week (a stranger's read, issue 35).
    const { day, checkIns } = todays.length ? { day: today, checkIns: todays } : await lastCheckInDay(today);
    $('today').textContent = day === today ? today : `${day} (none on ${today})`;
    $('goals-count').textContent = seenBy(goals, PER_PAGE, roster.defaultPerson.person.name);
    $('people-count').textContent = counted(people, PER_PAGE);
    $('check-ins-count').textContent = counted(checkIns, PER_PAGE);
    $('goals-list').replaceChildren(
      ...openFirst(goals).map((g) =>
        recordItem(
          `/goals/${g.id}`,
          g.title || '(untitled)',
          `${g.owner.name} · ${g.progress}% · ${g.confidence_description}`,
        ),
      ),
    );
    $('people-list').replaceChildren(
      ...people.map((p) =>
        recordItem(`/people/${p.id}`, p.name, `${p.title} · ${p.teams.map((team) => team.name).join(', ')}`),
      ),
    );
    $('check-ins-list').replaceChildren(
      ...(checkIns.length === 0
        ? [text('li', 'None: no team of theirs checks in today, or the clock has not reached it.', 'empty')]
        : []),
      ...checkIns.map((c) => recordItem(`/check-ins/${c.id}`, c.person.name, checkInState(c))),
    );
  } catch (error) {
    say(`Could not read the records: ${describeFailure(error)}`);
  }
}
