// The explorer's steps (issue 37): fast-check commands over the run's own goals, updates and comments, each a
// request (or a few) judged at three levels: the spec (the checking client, as every check), HTTP semantics
// (created then readable, deleted then gone everywhere, a refused write changes nothing, an ETag that changes
// exactly when the representation does, pages that neither overlap nor skip), and the domain rules the model
// predicts (explore-model.ts). Every step is plain data too (`step`), so a shrunk failure replays as written.
import fc from 'fast-check';
import type { AsyncCommand } from 'fast-check';
import { expect, pickOf } from './explore-failure.js';
import { ExploreModel, snapConfidence, type ModelGoal, type ModelThread } from './explore-model.js';
import type { ExploreTarget } from './explore-target.js';
import type { ExploreStep, GoalStepKind, StepKind } from './explore-step.js';
import { CHECK_IN_NEEDS, checkInStepArbitraries, runCheckInStep } from './explore-check-ins.js';
import { REACTION_NEEDS, reactionStepArbitraries, runReactionStep } from './explore-reactions.js';
import { ECHO_NEEDS, echoStepArbitraries, runEchoStep } from './explore-echoes.js';
import { READ_ONLY_NEEDS, readOnlyStepArbitraries, runReadOnlyStep } from './explore-read-only.js';
import { ACTIVITY_NEEDS, activityStepArbitraries, runActivityStep } from './explore-activities.js';
import { expectComments, expectGoneOnDeleteAgain, hasThreadChoice, pickSide, pickThread } from './explore-threads.js';

/** What each step needs of the model to be valid (most sequences stay valid and reach deep states). */
const NEEDS: Record<StepKind, (m: ExploreModel) => boolean> = {
  ...CHECK_IN_NEEDS,
  ...ECHO_NEEDS,
  ...READ_ONLY_NEEDS,
  ...REACTION_NEEDS,
  ...ACTIVITY_NEEDS,
  createGoal: (m) => m.goals.length < 6,
  readGoal: (m) => m.goals.length > 0,
  readDeletedGoal: (m) => m.deletedGoals.length > 0 || m.deletedUpdates.length > 0,
  patchGoal: (m) => m.goals.length > 0,
  refusedGoalPatch: (m) => m.goals.length > 0,
  deleteGoal: (m) => m.goals.length > 0,
  listGoals: (m) => m.goals.length + m.deletedGoals.length > 0,
  postUpdate: (m) => m.goals.length > 0,
  refusedUpdate: (m) => m.goals.length > 0,
  patchUpdate: (m) => m.updates().length > 0,
  deleteUpdate: (m) => m.updates().length > 0,
  listUpdates: (m) => m.goals.length > 0,
  postComment: hasThreadChoice,
  deleteComment: (m) => m.threads().some((t) => t.comments.some((c) => c.before === undefined)),
};

interface GoalAnswer {
  id: string;
  title: string;
  archived: boolean;
  end_date: string | null;
  progress: number;
  confidence: number;
  confidence_description: string;
  owner: { id: string };
}

interface UpdateAnswer {
  id: string;
  progress: number;
  confidence: number;
  goal: { id: string };
}

/** GO4, GU5: the goal's figures as the model has them. */
function expectFigures(model: ExploreModel, goal: ModelGoal, answer: GoalAnswer, where: string): void {
  const want = model.figures(goal);
  expect(
    answer.progress === want.progress &&
      answer.confidence === want.confidence &&
      answer.confidence_description === want.confidence_description,
    'domain',
    goal.updates.length === 0 ? 'GO4' : 'GU5',
    `${where}: goal ${goal.id} has progress ${answer.progress}, confidence ${answer.confidence} "${answer.confidence_description}"; ` +
      `its latest update says ${want.progress}, ${want.confidence} "${want.confidence_description}"`,
  );
  expect(
    answer.title === goal.title,
    'domain',
    'GO1',
    `${where}: goal ${goal.id}'s title is "${answer.title}", not "${goal.title}"`,
  );
  expect(
    answer.archived === goal.archived,
    'domain',
    'GO1',
    `${where}: goal ${goal.id}'s archived is ${answer.archived}, not ${goal.archived}`,
  );
}

/**
 * A live goal read: its figures and fields as the model has them (the domain's oracle, first: it says more than
 * the next), then G12's (an ETag changes exactly when the body does).
 */
async function readGoal(
  model: ExploreModel,
  target: ExploreTarget,
  goal: ModelGoal,
  after: string,
): Promise<GoalAnswer> {
  const got = await target.call<GoalAnswer>('GET', `/goals/${goal.id}`);
  expect(got.status === 200, 'http', 'GO1', `GET /goals/${goal.id} of a live goal answered ${got.status}`);
  expectFigures(model, goal, got.body, `GET /goals/${goal.id}${after}`);
  target.seeRepresentation(`/goals/${goal.id}`, got.text, got.headers.get('etag'));
  return got.body;
}

/** GET /goals?goal_ids[]=… (every goal the sequence made) in pages of `perPage`, each page as answered. */
async function listPages(target: ExploreTarget, model: ExploreModel, perPage: number): Promise<GoalAnswer[]> {
  const query = model
    .allGoalIds()
    .map((id) => `goal_ids[]=${id}`)
    .join('&');
  const seen: GoalAnswer[] = [];
  for (let page = 1; page <= 20; page++) {
    const got = await target.call<GoalAnswer[]>('GET', `/goals?${query}&per_page=${perPage}&page=${page}`);
    expect(got.status === 200, 'http', 'GO6', `GET /goals?goal_ids[]=… answered ${got.status}`);
    seen.push(...got.body);
    if (got.body.length < perPage) break;
  }
  return seen;
}

/**
 * An update's body as the step names the caller (DG2): `@username` mentions them; `@usernamex` is the start of
 * a longer username and `x@username` is inside a word (an email's shape), neither a mention.
 */
async function updateBody(target: ExploreTarget, mention: ExploreStep['mention']): Promise<string> {
  if (mention === undefined) return 'Moved on.';
  const username = await target.username();
  if (mention === 'me') return `Moved on, thanks @${username}.`;
  return mention === 'longer' ? `Moved on, thanks @${username}x.` : `Moved on, mail x@${username} for more.`;
}

/** How each goal step runs: the step as data, the model to judge it by and to move, the target to send it to. */
type StepRun = (step: ExploreStep, model: ExploreModel, target: ExploreTarget) => Promise<void>;

/** The goal steps (GO1, GO4, GO6, GO8, GU2, GU3, GU5, GU6, GU7, CR1, G4, G8, G12), one function each. */
const GOAL_STEPS: Record<GoalStepKind, StepRun> = {
  createGoal: async (step, model, target) => {
    const title = target.title(step.word ?? 'goal');
    const body = {
      title,
      ...(step.endDate !== undefined ? { end_date: step.endDate } : {}),
      ...(step.startDate !== undefined ? { start_date: step.startDate } : {}),
    };
    const made = await target.call<GoalAnswer>('POST', '/goals', body);
    expect(made.status === 201, 'http', 'GO1', `POST /goals answered ${made.status}`);
    target.created(made.body.id);
    const goal: ModelGoal = {
      id: made.body.id,
      title,
      archived: false,
      endDate: step.endDate ?? null,
      startDate: step.startDate ?? null,
      updates: [],
    };
    expect(
      made.body.owner.id === target.me,
      'domain',
      'GO1',
      `a goal made without owner_id is owned by ${made.body.owner.id}, not the caller`,
    );
    expectFigures(model, goal, made.body, 'POST /goals');
    model.goals.push(goal);
    // Created, then readable, as created.
    const read = await readGoal(model, target, goal, ' after POST');
    expect(
      read.end_date === goal.endDate,
      'http',
      'GO1',
      `GET /goals/${goal.id} has end_date ${read.end_date}, created with ${goal.endDate}`,
    );
    return;
  },
  readGoal: async (step, model, target) => {
    await readGoal(model, target, pickOf(model.goals, step.pick), '');
    return;
  },
  readDeletedGoal: async (step, model, target) => {
    const gone = [
      ...model.deletedGoals.map((id) => `/goals/${id}`),
      ...model.deletedGoals.map((id) => `/goals/${id}/goal-updates`),
      ...model.deletedUpdates.map((id) => `/goal-updates/${id}`),
      ...model.deletedUpdates.map((id) => `/goal-updates/${id}/comments`),
    ];
    const path = pickOf(gone, step.pick);
    const got = await target.call('GET', path);
    expect(
      got.status === 404,
      'http',
      path.startsWith('/goals/') ? 'GO8' : 'GU6',
      `GET ${path} of a deleted record answered ${got.status}`,
    );
    return;
  },
  patchGoal: async (step, model, target) => {
    const goal = pickOf(model.goals, step.pick);
    const title = step.word === undefined ? undefined : target.title(step.word);
    const body = {
      ...(title === undefined ? {} : { title }),
      ...(step.archived === undefined ? {} : { archived: step.archived }),
    };
    const got = await target.call<GoalAnswer>('PATCH', `/goals/${goal.id}`, body);
    expect(got.status === 200, 'http', 'GO9', `PATCH /goals/${goal.id} by its owner answered ${got.status}`);
    if (title !== undefined) goal.title = title;
    if (step.archived !== undefined) goal.archived = step.archived;
    expectFigures(model, goal, got.body, `PATCH /goals/${goal.id}`);
    return;
  },
  refusedGoalPatch: async (step, model, target) => {
    const goal = pickOf(model.goals, step.pick);
    const refusals = [{ update_cadence: 'hourly' }, { start_date: '2031-02-01', end_date: '2031-01-01' }, { title: 5 }];
    const body = pickOf(refusals, step.refusal);
    const before = await target.call('GET', `/goals/${goal.id}`);
    const got = await target.call('PATCH', `/goals/${goal.id}`, body);
    expect(
      got.status === 422 || got.status === 400,
      'http',
      'G8',
      `PATCH /goals/${goal.id} with ${JSON.stringify(body)} answered ${got.status}, not a refusal`,
    );
    const after = await target.call('GET', `/goals/${goal.id}`);
    expect(
      after.text === before.text,
      'http',
      'G8',
      `a refused PATCH /goals/${goal.id} (${got.status}) changed the goal:\n  before ${before.text.slice(0, 300)}\n  after  ${after.text.slice(0, 300)}`,
    );
    return;
  },
  deleteGoal: async (step, model, target) => {
    const goal = pickOf(model.goals, step.pick);
    const got = await target.call('DELETE', `/goals/${goal.id}`);
    expect(got.status === 204, 'http', 'GO8', `DELETE /goals/${goal.id} answered ${got.status}`);
    model.removeGoal(goal);
    target.forget(`/goals/${goal.id}`);
    const again = await target.call('GET', `/goals/${goal.id}`);
    expect(again.status === 404, 'http', 'GO8', `GET /goals/${goal.id} after its DELETE answered ${again.status}`);
    return;
  },
  listGoals: async (step, model, target) => {
    // One page of 50 holds every goal a sequence makes: GO6 and GO8 are judged on it, and G4 on the pages.
    const whole = await listPages(target, model, 50);
    const ids = whole.map((g) => g.id);
    const deleted = ids.filter((id) => model.deletedGoals.includes(id));
    expect(deleted.length === 0, 'http', 'GO8', `GET /goals?goal_ids[]=… lists deleted goals ${deleted.join(', ')}`);
    const want = model.listed();
    expect(
      ids.join() === want.map((g) => g.id).join(),
      'domain',
      'GO6',
      `GET /goals?goal_ids[]=… lists ${ids.join(', ') || 'nothing'}; the live goals in GO6's order (end_date, ` +
        `title, id; archived ones too, as goal_ids[] is given) are ${want.map((g) => `${g.id}${g.archived ? ' (archived)' : ''}`).join(', ') || 'none'}`,
    );
    for (const answer of whole)
      expectFigures(
        model,
        want.find((g) => g.id === answer.id)!,
        answer,
        'GET /goals',
      );
    const perPage = step.perPage ?? 50;
    if (perPage === 50) return;
    const paged = (await listPages(target, model, perPage)).map((g) => g.id);
    expect(
      paged.join() === ids.join(),
      'http',
      'G4',
      `GET /goals?goal_ids[]=… in pages of ${perPage} lists ${paged.join(', ') || 'nothing'}; in one page, ${ids.join(', ') || 'nothing'} (pages overlap or skip)`,
    );
    return;
  },
  postUpdate: async (step, model, target) => {
    const goal = pickOf(model.goals, step.pick);
    const given = {
      ...(step.progress === undefined ? {} : { progress: step.progress }),
      ...(step.confidence === undefined ? {} : { confidence: step.confidence }),
    };
    const want = model.newUpdate(goal, given);
    const got = await target.call<UpdateAnswer>('POST', `/goals/${goal.id}/goal-updates`, {
      title: target.title('update'),
      body: await updateBody(target, step.mention),
      ...given,
    });
    expect(got.status === 201, 'http', 'GU1', `POST /goals/${goal.id}/goal-updates answered ${got.status}`);
    // GU2 when a given confidence was saved unsnapped or wrongly snapped; GU3 for what an omitted field took.
    const rule = step.confidence !== undefined && got.body.confidence !== want.confidence ? 'GU2' : 'GU3';
    expect(
      got.body.progress === want.progress && got.body.confidence === want.confidence,
      'domain',
      rule,
      `POST /goals/${goal.id}/goal-updates with ${JSON.stringify(given)} saved progress ${got.body.progress}, confidence ${got.body.confidence}; ` +
        `the rules give ${want.progress}, ${want.confidence} (GU3: an omitted field takes the latest update's, or 1 and 100 for a first; GU2: snapped to 30, 60, 90)`,
    );
    const mentionsMe = step.mention === 'me';
    goal.updates.push({ id: got.body.id, ...want, seq: model.next(), comments: [], reactions: [], mentionsMe });
    return;
  },
  refusedUpdate: async (step, model, target) => {
    const goal = pickOf(model.goals, step.pick);
    const refusals = [{ confidence: 101 }, { progress: -1 }, { progress: 'half' }, { confidence: 40.5 }];
    const body = pickOf(refusals, step.refusal);
    const before = await target.call('GET', `/goals/${goal.id}/goal-updates?per_page=50`);
    const got = await target.call('POST', `/goals/${goal.id}/goal-updates`, {
      title: target.title('refused'),
      ...body,
    });
    expect(
      got.status === 422 || got.status === 400,
      'http',
      'G8',
      `POST /goals/${goal.id}/goal-updates with ${JSON.stringify(body)} answered ${got.status}, not a refusal`,
    );
    const after = await target.call('GET', `/goals/${goal.id}/goal-updates?per_page=50`);
    expect(
      after.text === before.text,
      'http',
      'G8',
      `a refused POST of an update (${got.status}) changed goal ${goal.id}'s updates`,
    );
    await readGoal(model, target, goal, ' after a refused update');
    return;
  },
  patchUpdate: async (step, model, target) => {
    const { goal, update } = pickOf(model.updates(), step.pick);
    const given = {
      ...(step.progress === undefined ? {} : { progress: step.progress }),
      ...(step.confidence === undefined ? {} : { confidence: step.confidence }),
    };
    const got = await target.call<UpdateAnswer>('PATCH', `/goal-updates/${update.id}`, given);
    expect(got.status === 200, 'http', 'GU8', `PATCH /goal-updates/${update.id} by its author answered ${got.status}`);
    if (step.progress !== undefined) update.progress = step.progress;
    if (step.confidence !== undefined) update.confidence = snapConfidence(step.confidence);
    expect(
      got.body.progress === update.progress && got.body.confidence === update.confidence,
      'domain',
      'GU6',
      `PATCH /goal-updates/${update.id} with ${JSON.stringify(given)} answered progress ${got.body.progress}, confidence ${got.body.confidence}; ` +
        `want ${update.progress}, ${update.confidence} (omitted fields kept, confidence snapped again)`,
    );
    void goal;
    return;
  },
  deleteUpdate: async (step, model, target) => {
    const { goal, update } = pickOf(model.updates(), step.pick);
    const got = await target.call('DELETE', `/goal-updates/${update.id}`);
    expect(got.status === 204, 'http', 'GU6', `DELETE /goal-updates/${update.id} answered ${got.status}`);
    model.removeUpdate(goal, update);
    return;
  },
  listUpdates: async (step, model, target) => {
    const goal = pickOf(model.goals, step.pick);
    const got = await target.call<UpdateAnswer[]>('GET', `/goals/${goal.id}/goal-updates?per_page=50`);
    expect(got.status === 200, 'http', 'GU7', `GET /goals/${goal.id}/goal-updates answered ${got.status}`);
    const want = [...goal.updates].sort((a, b) => b.seq - a.seq).map((u) => u.id);
    const ids = got.body.map((u) => u.id);
    const stale = ids.filter((id) => model.deletedUpdates.includes(id));
    expect(
      stale.length === 0,
      'http',
      'GU6',
      `GET /goals/${goal.id}/goal-updates lists deleted updates ${stale.join(', ')}`,
    );
    expect(
      ids.join() === want.join(),
      'domain',
      'GU7',
      `GET /goals/${goal.id}/goal-updates lists ${ids.join(', ') || 'nothing'}; newest first it is ${want.join(', ') || 'nothing'}`,
    );
    for (const answer of got.body) {
      const update = goal.updates.find((u) => u.id === answer.id)!;
      expect(
        answer.progress === update.progress && answer.confidence === update.confidence,
        'domain',
        'GU6',
        `update ${answer.id} is listed with progress ${answer.progress}, confidence ${answer.confidence}; it was saved with ${update.progress}, ${update.confidence}`,
      );
    }
    target.seeRepresentation(`/goals/${goal.id}/goal-updates?per_page=50`, got.text, got.headers.get('etag'));
    return;
  },
  postComment: async (step, model, target) => {
    const thread = await pickThread(model, target, step.pick);
    if (thread === null) return;
    const path = `${thread.path}/comments`;
    const got = await target.call<{
      id: string;
      created_at: string;
      person: { id: string };
      resource: { type: string; id: string };
    }>('POST', path, { body: target.title('comment') });
    expect(got.status === 201, 'http', 'CR1', `POST ${path} answered ${got.status}`);
    const [, type, id] = thread.path.split('/');
    const resource = { type: type === 'check-ins' ? 'check-in' : 'goal-update', id };
    expect(
      got.body.person.id === target.me && got.body.resource.type === resource.type && got.body.resource.id === id,
      'domain',
      'CR1',
      `POST ${path} made a comment by ${got.body.person.id} on ${JSON.stringify(got.body.resource)}; ` +
        `its author is the caller (${target.me}) and its resource ${JSON.stringify(resource)}`,
    );
    thread.comments.push({ id: got.body.id, seq: model.next() });
    // A goal's comments go with it (GO8); a check-in stays, so the sequence's end removes the run's from it.
    if (type === 'check-ins') target.removeLater(`/comments/${got.body.id}`);
    model.saw(got.body.created_at);
    await expectComments(target, thread, 'after a POST');
    return;
  },
  deleteComment: async (step, model, target) => {
    const runs = (t: ModelThread) => t.comments.filter((c) => c.before === undefined);
    const thread = pickSide(
      model.threads().filter((t) => runs(t).length > 0),
      step.pick,
    );
    const comment = pickOf(runs(thread), step.pick);
    const got = await target.call('DELETE', `/comments/${comment.id}`);
    expect(got.status === 204, 'http', 'CR1', `DELETE /comments/${comment.id} by its author answered ${got.status}`);
    thread.comments.splice(thread.comments.indexOf(comment), 1);
    model.deletedComments.push(comment.id);
    await expectComments(target, thread, `after DELETE /comments/${comment.id}`);
    await expectGoneOnDeleteAgain(target, `/comments/${comment.id}`, 'CR1', 'a deleted comment');
    return;
  },
};

/** Runs one step against the target and the model: the goal steps here, the others in their own files. */
async function runStep(step: ExploreStep, model: ExploreModel, target: ExploreTarget): Promise<void> {
  if (await runCheckInStep(step, model, target)) return;
  if (await runEchoStep(step, model, target)) return;
  if (await runReadOnlyStep(step, model, target)) return;
  if (await runReactionStep(step, model, target)) return;
  if (await runActivityStep(step, model, target)) return;
  await GOAL_STEPS[step.kind as GoalStepKind](step, model, target);
}

/** A step as fast-check runs it: valid only where the model allows, and printed as its data. */
export class StepCommand implements AsyncCommand<ExploreModel, ExploreTarget> {
  constructor(readonly step: ExploreStep) {}

  check(model: Readonly<ExploreModel>): boolean {
    return NEEDS[this.step.kind](model as ExploreModel);
  }

  async run(model: ExploreModel, target: ExploreTarget): Promise<void> {
    if (!target.budget.allows()) return;
    target.beginStep(this.step);
    await runStep(this.step, model, target);
  }

  toString(): string {
    return JSON.stringify(this.step);
  }
}

/** The steps a run draws, weighted so that most sequences build records up before they read and remove them. */
export function stepArbitraries(readOnly: boolean, checkIns = false, hook = false): Array<fc.Arbitrary<StepCommand>> {
  const as = (arb: fc.Arbitrary<ExploreStep>) => arb.map((step) => new StepCommand(step));
  if (readOnly) return readOnlyStepArbitraries().map(as);
  const pick = fc.nat({ max: 1000 });
  const word = fc.constantFrom('alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot');
  const endDate = fc.constantFrom<string | null>(null, '2031-03-31', '2031-06-30', '2031-06-30', '2032-01-15');
  const percent = fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined });
  // A start date long past makes a goal due for an update at once (AI3); none makes it due a cadence from now.
  const startDate = fc.constantFrom<string | undefined>(undefined, undefined, '2025-01-06');
  const others = [
    ...checkInStepArbitraries(checkIns, hook ? activityStepArbitraries() : undefined),
    ...reactionStepArbitraries(),
    ...echoStepArbitraries(),
  ];
  // The goal steps weigh GOAL_WEIGHT against OTHER_WEIGHT: a sequence still builds goals with a few updates and
  // comments (the depth the goal rules need) and visits check-ins, Echoes, reactions and the digest on the way.
  const weighted = [
    ...goalStepArbitraries(word, endDate, percent, startDate, pick).map((arbitrary) => ({
      arbitrary,
      weight: GOAL_WEIGHT,
    })),
    ...others.map((arbitrary) => ({ arbitrary, weight: OTHER_WEIGHT })),
  ];
  return [as(fc.oneof(...weighted))];
}

const GOAL_WEIGHT = 5;
const OTHER_WEIGHT = 2;

function goalStepArbitraries(
  word: fc.Arbitrary<string>,
  endDate: fc.Arbitrary<string | null>,
  percent: fc.Arbitrary<number | undefined>,
  startDate: fc.Arbitrary<string | undefined>,
  pick: fc.Arbitrary<number>,
): Array<fc.Arbitrary<ExploreStep>> {
  const as = (arb: fc.Arbitrary<ExploreStep>) => arb;
  // DG2: most updates name nobody; some mention the caller, some only look as if they did.
  const mention = fc.constantFrom<ExploreStep['mention']>(undefined, undefined, 'me', 'longer', 'inWord');
  return [
    as(fc.record({ kind: fc.constant('createGoal' as const), word, endDate, startDate })),
    as(fc.record({ kind: fc.constant('createGoal' as const), word, endDate })),
    as(fc.record({ kind: fc.constant('readGoal' as const), pick })),
    as(fc.record({ kind: fc.constant('readDeletedGoal' as const), pick })),
    as(
      fc.record({
        kind: fc.constant('patchGoal' as const),
        pick,
        word: fc.option(word, { nil: undefined }),
        archived: fc.option(fc.boolean(), { nil: undefined }),
      }),
    ),
    as(fc.record({ kind: fc.constant('refusedGoalPatch' as const), pick, refusal: fc.nat({ max: 2 }) })),
    as(fc.record({ kind: fc.constant('deleteGoal' as const), pick })),
    as(fc.record({ kind: fc.constant('listGoals' as const), perPage: fc.constantFrom(1, 2, 3, 50) })),
    as(fc.record({ kind: fc.constant('postUpdate' as const), pick, progress: percent, confidence: percent, mention })),
    as(fc.record({ kind: fc.constant('postUpdate' as const), pick, progress: percent, confidence: percent, mention })),
    as(fc.record({ kind: fc.constant('refusedUpdate' as const), pick, refusal: fc.nat({ max: 3 }) })),
    as(fc.record({ kind: fc.constant('patchUpdate' as const), pick, progress: percent, confidence: percent })),
    as(fc.record({ kind: fc.constant('deleteUpdate' as const), pick })),
    as(fc.record({ kind: fc.constant('listUpdates' as const), pick })),
    as(fc.record({ kind: fc.constant('postComment' as const), pick })),
    as(fc.record({ kind: fc.constant('deleteComment' as const), pick })),
  ];
}
