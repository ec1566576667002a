// The explorer's reaction steps (issue 37): the caller's reactions on the run's goal updates, judged by CR2 (one
// per person, name and record: the same name again answers the existing reaction with 200; listed newest first;
// DELETE /reactions/{id} removes it, and the name may then be given again as a new one; deleted again, 404).
import fc from 'fast-check';
import type { ReactionStepKind, ExploreStep } from './explore-step.js';
import { expect, pickOf } from './explore-failure.js';
import type { ExploreModel, ModelUpdate } from './explore-model.js';
import type { ExploreTarget } from './explore-target.js';

export const REACTION_NEEDS: Record<ReactionStepKind, (m: ExploreModel) => boolean> = {
  react: (m) => m.updates().length > 0,
  reactAgain: (m) => m.updates().some(({ update }) => update.reactions.length > 0),
  unreact: (m) => m.updates().some(({ update }) => update.reactions.length > 0),
};

/** CR2's names, copied from the rule. */
const NAMES = ['tada', 'thumbsup', 'heart', 'eyes', 'rocket', 'clap'] as const;

/** GET the update's reactions: exactly the model's, newest first (CR2). */
async function expectListed(target: ExploreTarget, update: ModelUpdate, after: string): Promise<void> {
  const path = `/goal-updates/${update.id}/reactions?per_page=50`;
  const got = await target.call<Array<{ id: string; name: string }>>('GET', path);
  expect(got.status === 200, 'http', 'CR2', `GET ${path} answered ${got.status}`);
  const want = [...update.reactions].sort((a, b) => b.seq - a.seq);
  expect(
    got.body.map((r) => r.id).join() === want.map((r) => r.id).join(),
    'domain',
    'CR2',
    `GET ${path} ${after} lists ${got.body.map((r) => `${r.id} (${r.name})`).join(', ') || 'nothing'}; ` +
      `the caller's reactions, newest first, are ${want.map((r) => `${r.id} (${r.name})`).join(', ') || 'none'}`,
  );
}

/** POSTs a reaction: 201 with a new one, or 200 with the caller's existing one of that name (CR2). */
async function react(model: ExploreModel, target: ExploreTarget, update: ModelUpdate, name: string): Promise<void> {
  const existing = update.reactions.find((r) => r.name === name);
  const path = `/goal-updates/${update.id}/reactions`;
  const got = await target.call<{ id: string; name: string }>('POST', path, { name });
  expect(
    got.status === (existing ? 200 : 201),
    'domain',
    'CR2',
    `POST ${path} {name: "${name}"} answered ${got.status}; ` +
      (existing
        ? `the caller already reacted "${name}" (${existing.id}): 200 with that reaction`
        : 'a new reaction: 201'),
  );
  if (existing)
    expect(
      got.body.id === existing.id,
      'domain',
      'CR2',
      `POST ${path} {name: "${name}"} again answered reaction ${got.body.id}, not the existing ${existing.id}`,
    );
  else update.reactions.push({ id: got.body.id, name, seq: model.next() });
  await expectListed(target, update, `after reacting "${name}"`);
}

/** Runs a reaction step; false when the step is not one. */
export async function runReactionStep(step: ExploreStep, model: ExploreModel, target: ExploreTarget): Promise<boolean> {
  switch (step.kind) {
    case 'react': {
      const { update } = pickOf(model.updates(), step.pick);
      const name = step.name ?? 'tada';
      await react(model, target, update, name);
      if (step.again) await react(model, target, update, name);
      return true;
    }
    case 'reactAgain': {
      const { update } = pickOf(
        model.updates().filter(({ update }) => update.reactions.length > 0),
        step.pick,
      );
      await react(model, target, update, pickOf(update.reactions, step.pick).name);
      return true;
    }
    case 'unreact': {
      const withReactions = model.updates().filter(({ update }) => update.reactions.length > 0);
      const { update } = pickOf(withReactions, step.pick);
      const reaction = pickOf(update.reactions, step.pick);
      const got = await target.call('DELETE', `/reactions/${reaction.id}`);
      expect(
        got.status === 204,
        'http',
        'CR2',
        `DELETE /reactions/${reaction.id} by its person answered ${got.status}`,
      );
      update.reactions.splice(update.reactions.indexOf(reaction), 1);
      await expectListed(target, update, `after DELETE /reactions/${reaction.id}`);
      // GO8, CR2: a removed reaction is gone, for its own DELETE too (404, not a second 204 or a failure).
      const again = await target.call('DELETE', `/reactions/${reaction.id}`);
      expect(
        again.status === 404,
        'http',
        'CR2',
        `DELETE /reactions/${reaction.id} again, after it was removed, answered ${again.status}; a removed reaction answers 404`,
      );
      return true;
    }
    default:
      return false;
  }
}

export function reactionStepArbitraries(): Array<fc.Arbitrary<ExploreStep>> {
  const pick = fc.nat({ max: 1000 });
  return [
    fc.record({ kind: fc.constant('react' as const), pick, name: fc.constantFrom(...NAMES), again: fc.boolean() }),
    fc.record({ kind: fc.constant('reactAgain' as const), pick }),
    fc.record({ kind: fc.constant('unreact' as const), pick }),
  ];
}
