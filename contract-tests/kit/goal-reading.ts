// Reading goals through the API, for the checks of goals and of goal updates: the output form (GO3), the
// confidence labels (GO5), the GO6 order, GET/list helpers, and the PATCH of a goal and POST of an update that
// the checks write with.
import { ensureSameIds } from './assertions.js';
import type { CheckingClient } from './checking-client.js';
import type { ApiSchema } from '../../src/types/wire.js';

/** The output form of a goal (GO3): the spec's Goal. */
export type GoalOut = ApiSchema<'Goal'>;

/** GO5: the label of each confidence a goal or update may carry (src/exchange, which standin proxy reads too). */
export { CONFIDENCE_LABELS as LABELS } from '../../src/exchange/confidence-rules.js';

/** Plain code-unit comparison, the order the rules' "then title" / "then id" mean. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** GO6: `end_date` ascending with no end date last, then title, then id. */
export function goalOrder(a: GoalOut, b: GoalOut): number {
  if (a.end_date !== b.end_date) {
    if (a.end_date === null) return 1;
    if (b.end_date === null) return -1;
    return compareStrings(a.end_date, b.end_date);
  }
  return compareStrings(a.title, b.title) || compareStrings(a.id, b.id);
}

/** Fails unless the list answer is sorted by the GO6 comparator. */
export function ensureGoalOrder(list: GoalOut[], what: string): void {
  ensureSameIds(
    list,
    [...list].sort(goalOrder),
    'GO6',
    `${what} must be in end_date (no end date last), title, id order`,
  );
}

/** The goal as GET /goals/{id} answers it. */
export async function getGoal(client: CheckingClient, id: string, rule: string): Promise<GoalOut> {
  return (await client.expect<GoalOut>(200, 'GET', `/goals/${id}`, {}, rule)).body;
}

/** The goal as `PATCH /goals/{id}` with `body` answers it (200, or a violation of `rule`). */
export async function patchGoal(
  client: CheckingClient,
  id: string,
  body: ApiSchema<'GoalInput'>,
  rule: string,
): Promise<GoalOut> {
  return (await client.expect<GoalOut>(200, 'PATCH', `/goals/${id}`, { body }, rule)).body;
}

/** The update `POST /goals/{id}/goal-updates` with `body` makes (GU1: 201). */
export async function postUpdate(
  client: CheckingClient,
  goalId: string,
  body: ApiSchema<'GoalUpdateInput'>,
): Promise<ApiSchema<'GoalUpdate'>> {
  return (await client.expect<ApiSchema<'GoalUpdate'>>(201, 'POST', `/goals/${goalId}/goal-updates`, { body }, 'GU1'))
    .body;
}

/** The goals listed by `goal_ids[]` plus any further query (GO6), one page is enough for the kit's few goals. */
export async function listByIds(client: CheckingClient, ids: string[], query = ''): Promise<GoalOut[]> {
  const params = ids.map((id) => `goal_ids[]=${id}`).join('&');
  return (
    await client.expect<GoalOut[]>(200, 'GET', `/goals?${params}${query ? `&${query}` : ''}&per_page=50`, {}, 'GO6')
  ).body;
}
