// MCP4: what production's results carry for an interactive assistant. The vendor's routines warn that Steady's
// MCP answers hold instructions ("walk the user through …"); agents under test meet them here as they would
// there. An action item's result names the exact record, its day and teams, and says what to do with the user.
// standin's sentences (production's are not public), fixed so that the same answer gives the same text (MCP8).

/** An action item as GET /action-items answers it: what the instruction names. */
interface ActionItem {
  kind: 'check-in' | 'goal-update';
  due_on: string;
  title: string;
  resource: { type: string; id: string };
  teams: Array<{ name: string }>;
}

/**
 * The instructions for a page of action items, one line each; empty for none.
 * @example actionItemInstructions(items) // ['Walk the user through their check-in …']
 */
export function actionItemInstructions(items: readonly ActionItem[]): string[] {
  return items.map((item) =>
    item.kind === 'check-in'
      ? `Walk the user through their check-in ${item.resource.id} for ${teamNames(item.teams)}, due ${item.due_on}: ask what they did since the last one, what they will do next and whether anything blocks them, then call submit_check_in with id ${item.resource.id}.`
      : `Help the user post "${item.title}" (goal ${item.resource.id}, due ${item.due_on}): ask how far the goal has come and how confident they are, then call post_goal_update with goal_id ${item.resource.id}.`,
  );
}

function teamNames(teams: ReadonlyArray<{ name: string }>): string {
  const names = teams.map((team) => team.name);
  if (names.length === 0) return 'their teams';
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}
