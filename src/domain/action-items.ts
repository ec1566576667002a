// AI1–AI3: a person's open items — today's check-in while it is not completed, and goal updates due by their
// goal's cadence — computed from the clock and the store on each request, so completing a check-in or posting
// an update removes its item and the clock moving makes new ones.
import { addDays, dateInZone } from './calendar.js';
import { stableUuid } from './entropy.js';
import { paginate, type Page } from './pagination.js';
import type { CheckIn, Goal, GoalUpdate, IsoDate, Person, UpdateCadence, Uuid } from './records.js';
import type { World } from './world.js';

/** AI1: one open item: a check-in to fill in (AI2) or a goal that needs an update (AI3). */
export type ActionItem =
  | { readonly id: Uuid; readonly kind: 'check-in'; readonly dueOn: IsoDate; readonly checkIn: CheckIn }
  | { readonly id: Uuid; readonly kind: 'goal-update'; readonly dueOn: IsoDate; readonly goal: Goal };

/**
 * AI3: the day a cadence comes round after `date`: 7 or 14 days, or the same day of the next month (its last day
 * when the month is shorter: a month after 31 January is 28 or 29 February).
 * @example cadenceAfter('2026-01-31', 'monthly') // '2026-02-28'
 */
export function cadenceAfter(date: IsoDate, cadence: UpdateCadence): IsoDate {
  if (cadence === 'weekly') return addDays(date, 7);
  if (cadence === 'biweekly') return addDays(date, 14);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month, 1)); // the first of the next month (month is 1-based here)
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next.toISOString().slice(0, 10);
}

/** AI1: an item's own id, a function of the seed, its kind, its record and its due day. */
function itemId(seed: number, kind: ActionItem['kind'], recordId: Uuid, dueOn: IsoDate): Uuid {
  return stableUuid(seed, 'action-item', kind, recordId, dueOn);
}

/**
 * AI3: the day a goal's cadence counts from, in its owner's calendar: its latest update's, or its start.
 * @example cadenceAnchor(goal, store.latestUpdateOf(goal.id), 'Europe/Berlin') // '2026-11-12'
 */
export function cadenceAnchor(goal: Goal, latest: GoalUpdate | undefined, timeZone: string): IsoDate {
  return latest ? dateInZone(latest.createdAt, timeZone) : (goal.startDate ?? dateInZone(goal.createdAt, timeZone));
}

/** AI3: when `goal` is due an update, in its owner's calendar: a cadence after its latest update, or its start. */
function updateDueOn(world: World, goal: Goal, timeZone: string): IsoDate {
  return cadenceAfter(cadenceAnchor(goal, world.store.latestUpdateOf(goal.id), timeZone), goal.updateCadence);
}

/** AI1: by due day, then kind, then id. */
function byDueKindId(a: ActionItem, b: ActionItem): number {
  if (a.dueOn !== b.dueOn) return a.dueOn < b.dueOn ? -1 : 1;
  if (a.kind !== b.kind) return a.kind < b.kind ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * AI1–AI3: every open item of `person` now, in order.
 * @example actionItemsOf(world, person).map((item) => item.kind) // ['check-in', 'goal-update', …]
 */
function actionItemsOf(world: World, person: Person): ActionItem[] {
  const { store, seed } = world;
  const today = dateInZone(world.now(), person.timeZone);
  const items: ActionItem[] = [];
  // AI2: today's check-in, while nobody completed it; none when absent or not scheduled.
  const checkIn = store.checkInOf(person.id, today);
  if (checkIn && checkIn.completedAt === null && !checkIn.absent) {
    items.push({ id: itemId(seed, 'check-in', checkIn.id, today), kind: 'check-in', dueOn: today, checkIn });
  }
  // AI3: the goals the person owns, open (not archived, not ended), whose cadence has come round.
  for (const goal of store.goalsOfPerson(person.id)) {
    if (goal.ownerId !== person.id || goal.archived || (goal.endDate !== null && goal.endDate < today)) continue;
    const dueOn = updateDueOn(world, goal, person.timeZone);
    if (dueOn <= today)
      items.push({ id: itemId(seed, 'goal-update', goal.id, dueOn), kind: 'goal-update', dueOn, goal });
  }
  return items.sort(byDueKindId);
}

/** AI1: a page of the caller's open items. */
export function listActionItems(world: World, actor: Person, page: Page): ActionItem[] {
  return paginate(actionItemsOf(world, actor), page);
}
