// The explorer's activity steps (issue 37): POST /activities (AC2: the caller's, kind api, the group as sent), and a
// post to the account's collect-activity hook for a person of the world, by their email as given or in upper case,
// judged by WH1 (the person the email names, compared without regard to case; kind api, group = source); each then
// listed by GET /activities. Activities cannot be deleted, so both run only in a standin session of the run's own
// (which gives the hook's URL).
import fc from 'fast-check';
import type { ActivityStepKind, ExploreStep } from './explore-step.js';
import { expect, pickOf } from './explore-failure.js';
import type { ExploreModel } from './explore-model.js';
import type { ExploreTarget } from './explore-target.js';

export const ACTIVITY_NEEDS: Record<ActivityStepKind, (m: ExploreModel) => boolean> = {
  collectActivity: (m) => m.mayModifyCheckIns,
  postActivity: (m) => m.mayModifyCheckIns,
};

interface ActivityAnswer {
  id: string;
  kind: string;
  group: string;
  recorded_at: string;
  person: { id: string };
}

/** The people the hook may name: the first page of GET /people, read once a sequence. */
async function people(model: ExploreModel, target: ExploreTarget): Promise<Array<{ id: string; email: string }>> {
  if (model.people) return model.people;
  const got = await target.call<Array<{ id: string; email: string }>>('GET', '/people?per_page=50');
  expect(got.status === 200, 'http', 'PT2', `GET /people answered ${got.status}`);
  model.people = got.body;
  return got.body;
}

/** GET /activities of a person since an instant lists the activity just recorded. */
async function expectListed(target: ExploreTarget, recorded: ActivityAnswer, rule: string, how: string): Promise<void> {
  const path = `/activities?people_ids[]=${recorded.person.id}&kinds[]=api&since=${recorded.recorded_at}&per_page=50`;
  const after = await target.call<ActivityAnswer[]>('GET', path);
  expect(after.status === 200, 'http', 'AC1', `GET ${path} answered ${after.status}`);
  expect(
    after.body.some((a) => a.id === recorded.id),
    'domain',
    rule,
    `GET ${path} does not list activity ${recorded.id}, which ${how} recorded for ${recorded.person.id}`,
  );
}

/** AC2: POST /activities records an activity of the caller, kind api, the group as given. */
async function postActivity(target: ExploreTarget): Promise<void> {
  const group = target.title('activity');
  const got = await target.call<ActivityAnswer>('POST', '/activities', { group, description: 'Explored.' });
  expect(got.status === 201, 'http', 'AC2', `POST /activities answered ${got.status}`);
  expect(
    got.body.person.id === target.me && got.body.kind === 'api' && got.body.group === group,
    'domain',
    'AC2',
    `POST /activities recorded ${JSON.stringify({ person: got.body.person.id, kind: got.body.kind, group: got.body.group })}; ` +
      `AC2 gives the caller ${target.me}, kind api, the group "${group}" as sent`,
  );
  await expectListed(target, got.body, 'AC2', 'POST /activities');
}

/** Runs an activity step; false when the step is not one. */
export async function runActivityStep(step: ExploreStep, model: ExploreModel, target: ExploreTarget): Promise<boolean> {
  if (step.kind === 'postActivity') {
    await postActivity(target);
    return true;
  }
  if (step.kind !== 'collectActivity') return false;
  const hook = target.hook;
  // A run draws this step only with a hook; a replay of a saved sequence against a server without one (not a
  // standin, or its controls behind a token) passes over it rather than failing the sequence for what it lacks.
  if (!hook) return true;
  const listed = await people(model, target);
  if (listed.length === 0) return true;
  const person = pickOf(listed, step.pick);
  const email = step.upper ? person.email.toUpperCase() : person.email;
  const source = target.title('activity');
  const got = await target.call<ActivityAnswer>(
    'POST',
    hook.path,
    { email, source, description: 'Explored.' },
    hook.client,
  );
  expect(
    got.status === 201,
    'http',
    'WH1',
    `POST the activity hook for ${email} (a person of GET /people) answered ${got.status}`,
  );
  expect(
    got.body.person.id === person.id && got.body.kind === 'api' && got.body.group === source,
    'domain',
    'WH1',
    `POST the activity hook for ${email} recorded ${JSON.stringify({ person: got.body.person.id, kind: got.body.kind, group: got.body.group })}; ` +
      `the email names ${person.id} (compared without regard to case), kind api, group the source "${source}"`,
  );
  await expectListed(target, got.body, 'WH1', 'the hook');
  return true;
}

/** AC2's step and WH1's, for a run with the hook: a standin session of its own, where activities may stay. */
export function activityStepArbitraries(): fc.Arbitrary<ExploreStep> {
  return fc.oneof(
    fc.record({ kind: fc.constant('postActivity' as const) }),
    fc.record({ kind: fc.constant('collectActivity' as const), pick: fc.nat({ max: 1000 }), upper: fc.boolean() }),
  );
}
