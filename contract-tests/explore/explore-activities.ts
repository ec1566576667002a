// The explorer's activity step (issue 37): a post to the account's collect-activity hook for a person of the
// world, by their email as given or in upper case, judged by WH1 (the person the email names, compared without
// regard to case; kind api, group = source) and by GET /activities listing it. Activities cannot be deleted, so
// the step runs only with the hook and leave to change the world (a standin session of the run's own).
import fc from 'fast-check';
import type { ActivityStepKind, ExploreStep } from './explore-step.js';
import { expect, pickOf } from './explore-failure.js';
import type { ExploreModel } from './explore-model.js';
import type { ExploreTarget } from './explore-target.js';

export const ACTIVITY_NEEDS: Record<ActivityStepKind, (m: ExploreModel) => boolean> = {
  collectActivity: (m) => m.mayModifyCheckIns,
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

/** Runs the activity step; false when the step is not one. */
export async function runActivityStep(step: ExploreStep, model: ExploreModel, target: ExploreTarget): Promise<boolean> {
  if (step.kind !== 'collectActivity') return false;
  const hook = target.hook;
  if (!hook) throw new Error('collectActivity needs the activity hook (WH1): its URL was not given to the run');
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
  const path = `/activities?people_ids[]=${person.id}&kinds[]=api&since=${got.body.recorded_at}&per_page=50`;
  const after = await target.call<ActivityAnswer[]>('GET', path);
  expect(
    after.body.some((a) => a.id === got.body.id && a.person.id === person.id),
    'domain',
    'WH1',
    `GET ${path} does not list activity ${got.body.id}, which the hook recorded for ${person.id}`,
  );
  return true;
}

export function activityStepArbitrary(): fc.Arbitrary<ExploreStep> {
  return fc.record({ kind: fc.constant('collectActivity' as const), pick: fc.nat({ max: 1000 }), upper: fc.boolean() });
}
