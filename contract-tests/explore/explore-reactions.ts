// The explorer's reaction steps (issue 37): the caller's reactions on the run's threads (its goal updates and the
// check-ins a step opened, explore-threads.ts), judged by CR2 (one per person, name and record: the same name again
// answers the existing reaction with 200, a reaction of the caller's listed before the run included; listed newest
// first; DELETE /reactions/{id} removes it, and the name may then be given again as a new one; deleted again, 404).
import fc from 'fast-check';
import type { ReactionStepKind, ExploreStep } from './explore-step.js';
import { expect, pickOf } from './explore-failure.js';
import type { ExploreModel, ModelThread } from './explore-model.js';
import type { ExploreTarget } from './explore-target.js';
import { expectGoneOnDeleteAgain, expectReactions, hasThreadChoice, pickSide, pickThread } from './explore-threads.js';

/** The caller's reactions on a thread: the run's, and on a check-in theirs listed before (CR2: one per name). */
const callers = (thread: ModelThread, me: string) =>
  thread.reactions.filter((r) => r.before === undefined || r.before === me);

/** The run's own reactions on a thread: the ones it may remove (a live world's stay as they were). */
const runs = (thread: ModelThread) => thread.reactions.filter((r) => r.before === undefined);

export const REACTION_NEEDS: Record<ReactionStepKind, (m: ExploreModel) => boolean> = {
  react: hasThreadChoice,
  // Who the caller is, the target knows: a thread with others' reactions only sends nothing (the step's own check).
  reactAgain: (m) => m.threads().some((t) => t.reactions.length > 0),
  unreact: (m) => m.threads().some((t) => runs(t).length > 0),
};

/** CR2's names, copied from the rule. */
const NAMES = ['tada', 'thumbsup', 'heart', 'eyes', 'rocket', 'clap'] as const;

/** POSTs a reaction: 201 with a new one, or 200 with the caller's existing one of that name (CR2). */
async function react(model: ExploreModel, target: ExploreTarget, thread: ModelThread, name: string): Promise<void> {
  const existing = callers(thread, target.me).find((r) => r.name === name);
  const path = `${thread.path}/reactions`;
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
  else {
    thread.reactions.push({ id: got.body.id, name, seq: model.next() });
    // A goal's reactions go with it (GO8); a check-in stays, so the sequence's end removes the run's from it.
    if (thread.path.startsWith('/check-ins/')) target.removeLater(`/reactions/${got.body.id}`);
  }
  await expectReactions(target, thread, `after reacting "${name}"`);
}

/** Runs a reaction step; false when the step is not one. */
export async function runReactionStep(step: ExploreStep, model: ExploreModel, target: ExploreTarget): Promise<boolean> {
  switch (step.kind) {
    case 'react': {
      const thread = await pickThread(model, target, step.pick);
      if (thread === null) return true;
      const name = step.name ?? 'tada';
      await react(model, target, thread, name);
      if (step.again) await react(model, target, thread, name);
      return true;
    }
    case 'reactAgain': {
      const mine = model.threads().filter((t) => callers(t, target.me).length > 0);
      if (mine.length === 0) return true;
      const thread = pickSide(mine, step.pick);
      await react(model, target, thread, pickOf(callers(thread, target.me), step.pick).name);
      return true;
    }
    case 'unreact': {
      const thread = pickSide(
        model.threads().filter((t) => runs(t).length > 0),
        step.pick,
      );
      const reaction = pickOf(runs(thread), step.pick);
      const got = await target.call('DELETE', `/reactions/${reaction.id}`);
      expect(
        got.status === 204,
        'http',
        'CR2',
        `DELETE /reactions/${reaction.id} by its person answered ${got.status}`,
      );
      thread.reactions.splice(thread.reactions.indexOf(reaction), 1);
      await expectReactions(target, thread, `after DELETE /reactions/${reaction.id}`);
      await expectGoneOnDeleteAgain(target, `/reactions/${reaction.id}`, 'CR2', 'a removed reaction');
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
