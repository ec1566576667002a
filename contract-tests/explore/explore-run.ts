// One exploration (issue 37): fast-check's model-based runs (fc.commands, fc.asyncModelRun) of the explorer's
// steps against one server, within a budget of requests, from a seed that replays it; on a failure, fast-check
// shrinks the sequence, and the last failing run (the shortest it found) is the one reported, with its steps
// and its requests.
import fc from 'fast-check';
import type { CheckingClient } from '../kit/checking-client.js';
import { StepCommand, stepArbitraries } from './explore-commands.js';
import type { ExploreStep } from './explore-step.js';
import { ExploreFailure, type OracleLevel } from './explore-failure.js';
import { ExploreModel } from './explore-model.js';
import { Budget, ExploreTarget, type ExploreHook, type LoggedRequest } from './explore-target.js';

export interface ExploreSettings {
  /** Requests the exploration may send before shrinking (default 2,000: fit for CI). */
  requests?: number;
  /** The seed: the same seed against the same server draws the same sequences. Default: drawn, and reported. */
  seed?: number;
  /**
   * Steps per sequence at most (default 60: with check-ins, Echoes and reactions beside the goals, 25 left the
   * deep states, a goal with three updates or an Echo with two answers, too rare for 2,000 requests).
   */
  maxSteps?: number;
  /** Only GETs over the world's existing records (--read-only): pages, reads of listed records, ETags, orders. */
  readOnly?: boolean;
  /**
   * Whether sequences may PATCH the caller's own check-ins (their answers are put back at each sequence's end):
   * a run in a standin session of its own, or one given --modify-existing.
   */
  checkIns?: boolean;
}

/** The shortest failing sequence found. */
export interface ExploreFinding {
  rule: string;
  level: OracleLevel;
  message: string;
  steps: ExploreStep[];
  requests: LoggedRequest[];
}

export interface ExploreResult {
  seed: number;
  /** Requests sent, shrinking included. */
  requests: number;
  /** Sequences run (shrinking's included). */
  sequences: number;
  shrinks: number;
  finding: ExploreFinding | null;
  ms: number;
}

/** Who the explorer acts as and how it names what it makes. */
export interface ExploreActor {
  client: CheckingClient;
  /** The caller's person id. */
  me: string;
  /** A title marked as the run's own (the kit's MARKER and run id), for the sweep. */
  title: (word: string) => string;
  /** The caller's username (DG2's mentions); read from GET /me when left out. */
  username?: string;
  /** WH1's hook, posted to only by a run with leave to change the world (`checkIns`). */
  hook?: ExploreHook;
}

function targetOf(actor: ExploreActor, budget: Budget, hook: boolean): ExploreTarget<ExploreStep> {
  return new ExploreTarget<ExploreStep>(
    actor.client,
    budget,
    actor.me,
    actor.title,
    hook ? actor.hook : undefined,
    actor.username,
  );
}

function findingOf(error: unknown, target: ExploreTarget<ExploreStep>): ExploreFinding {
  const failure =
    error instanceof ExploreFailure
      ? error
      : new ExploreFailure('spec', 'G1', `the answer could not be read as the spec describes it: ${String(error)}`);
  return {
    rule: failure.rule,
    level: failure.level,
    message: failure.message,
    steps: [...target.steps],
    requests: [...target.log],
  };
}

/** Runs steps in order against a fresh model, as a saved repro does; throws the ExploreFailure a step meets. */
export async function runSteps(
  actor: ExploreActor,
  steps: readonly ExploreStep[],
  budget = new Budget(Infinity),
): Promise<ExploreTarget<ExploreStep>> {
  const target = targetOf(actor, budget, true);
  // The steps were drawn by a run that had leave to PATCH check-ins if they hold check-in steps.
  const model = new ExploreModel(true);
  try {
    for (const step of steps) {
      const command = new StepCommand(step);
      if (command.check(model)) await command.run(model, target);
    }
  } finally {
    await target.removeCreated();
  }
  return target;
}

/**
 * Explores sequences of the run's writes and reads until the budget is spent or a failure is found and shrunk.
 * @example const { finding, seed } = await explore(actor, { requests: 2000 })
 */
export async function explore(actor: ExploreActor, settings: ExploreSettings = {}): Promise<ExploreResult> {
  const started = performance.now();
  const limit = settings.requests ?? 2000;
  const seed = settings.seed ?? Math.floor(Math.random() * 2 ** 31);
  const budget = new Budget(limit);
  let sequences = 0;
  let finding: ExploreFinding | null = null;
  const checkIns = settings.checkIns ?? false;
  const hook = checkIns && actor.hook !== undefined;
  const property = fc.asyncProperty(
    fc.commands(stepArbitraries(settings.readOnly ?? false, checkIns, hook), {
      maxCommands: settings.maxSteps ?? 60,
      size: 'max',
    }),
    async (commands) => {
      if (!budget.allows()) return;
      sequences++;
      const target = targetOf(actor, budget, hook);
      try {
        await fc.asyncModelRun(() => ({ model: new ExploreModel(checkIns), real: target }), commands);
      } catch (error) {
        // Shrinking gets a budget of its own: a failure found with the last request is still made short.
        if (!finding) budget.limit = budget.used + Math.max(500, limit);
        finding = findingOf(error, target);
        throw error;
      } finally {
        await target.removeCreated();
      }
    },
  );
  // Every run sends a request at least: this many spend the budget, and the runs after it end at once.
  const details = await fc.check(property, { seed, numRuns: limit, endOnFailure: false });
  return {
    seed,
    requests: budget.used,
    sequences,
    shrinks: details.numShrinks,
    finding,
    ms: Math.round(performance.now() - started),
  };
}
