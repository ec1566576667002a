// What must hold of a world after any request, restated from the rules rather than taken from the domain's
// own integrity code: every update's confidence snapped (GU2), one check-in per person and day (CI1),
// nothing pointing at a deleted record (GO8, EC6, CR1, CR2), through the API each goal's progress and
// confidence from its latest update (GO4), and no private goal listed to a non-member (GO7).
import type { Mock } from '../../src/http/app.js';
import type { World } from '../../src/domain/world.js';

const SNAPPED = new Set([30, 60, 90]);

/** Problems of the store alone: cheap enough to run after every request. */
export function storeProblems(world: World): string[] {
  const { store } = world;
  const problems: string[] = [];
  const person = (id: string) => store.people.has(id);
  for (const u of store.goalUpdates.values()) {
    if (!SNAPPED.has(u.confidence)) problems.push(`GU2: goal update ${u.id} has confidence ${u.confidence}`);
    if (!Number.isInteger(u.progress) || u.progress < 0 || u.progress > 100)
      problems.push(`GU4: goal update ${u.id} has progress ${u.progress}`);
    if (!store.goals.has(u.goalId)) problems.push(`GO8: goal update ${u.id} belongs to the deleted goal ${u.goalId}`);
  }
  for (const g of store.goals.values()) {
    if (g.parentId !== null && !store.goals.has(g.parentId))
      problems.push(`GO8: goal ${g.id} has the deleted parent ${g.parentId}`);
    if (!person(g.ownerId)) problems.push(`goal ${g.id} is owned by no one (${g.ownerId})`);
    for (const id of g.contributorIds) if (!person(id)) problems.push(`goal ${g.id} has the unknown contributor ${id}`);
    for (const id of g.teamIds) if (!store.teams.has(id)) problems.push(`goal ${g.id} has the unknown team ${id}`);
  }
  const days = new Set<string>();
  for (const c of store.checkIns.values()) {
    const key = `${c.personId} ${c.date}`;
    if (days.has(key)) problems.push(`CI1: two check-ins of ${c.personId} on ${c.date}`);
    days.add(key);
  }
  for (const a of store.echoAnswers.values())
    if (!store.echoQuestions.has(a.questionId))
      problems.push(`EC6: answer ${a.id} of the deleted question ${a.questionId}`);
  const resource = (type: string, id: string) =>
    type === 'check-in' ? store.checkIns.has(id) : store.goalUpdates.has(id);
  for (const c of store.comments.values())
    if (!resource(c.resourceType, c.resourceId))
      problems.push(`CR1: comment ${c.id} on the deleted ${c.resourceType} ${c.resourceId}`);
  for (const r of store.reactions.values())
    if (!resource(r.resourceType, r.resourceId))
      problems.push(`CR2: reaction ${r.id} on the deleted ${r.resourceType} ${r.resourceId}`);
  return problems;
}

/** Problems seen through the API (a few dozen requests): run once per sequence of requests. */
export async function apiProblems(mock: Mock, session?: string): Promise<string[]> {
  const world = session ? mock.worlds.slotFor(session).world : mock.world;
  const { store } = world;
  const problems: string[] = [];
  const get = async (path: string, token: string) => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      ...(session ? { 'x-mock-session': session } : {}),
    };
    const response = await mock.app.request(`/api/v2${path}`, { headers });
    return { status: response.status, body: await response.json() };
  };
  for (const goal of store.goals.values()) {
    const owner = store.people.get(goal.ownerId);
    if (!owner) continue;
    const { status, body } = await get(`/goals/${goal.id}`, owner.tokens.readWrite);
    if (status !== 200) {
      problems.push(`GO7: the owner of goal ${goal.id} gets ${status}`);
      continue;
    }
    const updates = [...store.goalUpdates.values()]
      .filter((u) => u.goalId === goal.id)
      .sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq);
    const latest = updates[0];
    const expected = latest ? [latest.progress, latest.confidence] : [0, 100];
    if (body.progress !== expected[0] || body.confidence !== expected[1]) {
      problems.push(
        `GO4: goal ${goal.id} shows progress ${body.progress} and confidence ${body.confidence}; its latest update says ${expected.join(' and ')}`,
      );
    }
  }
  // GO7: a person who is a member of no private goal lists none of them, on any page.
  const privates = [...store.goals.values()].filter((g) => g.private);
  const outsider = [...store.people.values()].find((p) =>
    privates.every((g) => g.ownerId !== p.id && !g.contributorIds.includes(p.id)),
  );
  if (outsider && privates.length > 0) {
    const hidden = new Set(privates.map((g) => g.id));
    for (let page = 1; page < 100; page++) {
      const { body } = await get(`/goals?per_page=50&page=${page}`, outsider.tokens.readWrite);
      for (const g of body as Array<{ id: string }>)
        if (hidden.has(g.id)) problems.push(`GO7: private goal ${g.id} is listed to the non-member ${outsider.id}`);
      if ((body as unknown[]).length < 50) break;
    }
  }
  return problems;
}
