// The explorer's checks (issue 37, `standin contract --explore`): one exploration of sequences per run, reported
// per rule it judges, so that the report and JUnit say which rule a sequence broke, under its source, as every
// other check does. A rule whose check passes held over every sequence the budget ran; the one that failed
// carries the shrunk sequence, numbered, and where its repro was saved.
import { NotRun, type CheckGroup, type ContractCheck } from '../kit/check.js';
import type { KitContext } from '../kit/context.js';
import { RuleFailure } from '../kit/failures.js';
import { numberedRequests, writeRepro } from '../explore/explore-repro.js';
import { explore, type ExploreResult, type ExploreSettings } from '../explore/explore-run.js';
import type { ExploreHook } from '../explore/explore-target.js';

export interface ExploreOptions extends ExploreSettings {
  /** Where a failure's repro goes: the numbered requests, a curl script, a HAR file and a vitest test. */
  out?: string;
  /** The run works in a standin session of its own: its sequences may PATCH the caller's check-ins. */
  ownSession?: boolean;
}

/** The rules the explorer's oracle judges, with what each check says it proves over sequences. */
const JUDGED: ReadonlyArray<[string, string]> = [
  ['G1', 'every answer of every sequence is as the spec describes it'],
  ['G4', 'pages of a list neither overlap nor skip after writes'],
  ['G8', 'a refused write changes nothing'],
  ['G12', 'an ETag changes exactly when the representation does'],
  ['GO1', 'a created goal is readable and listed as created; its fields hold after edits'],
  ['GO4', 'a goal without updates has progress 0 and confidence 100, "On track"'],
  ['GO6', 'goal_ids[] lists exactly the live goals, archived too, in end date, title and id order'],
  ['GO8', 'a deleted goal answers 404 on its paths and is listed nowhere'],
  ['GU2', 'an update saves its confidence snapped to 30, 60 or 90'],
  ['GU3', "an update's omitted progress and confidence take the latest update's"],
  ['GU5', "a goal's figures are its latest live update's after any create, PATCH or DELETE"],
  ['GU6', 'an edited update keeps what it was not given; a deleted one is gone'],
  ['GU7', "a goal's updates are listed newest first"],
  ['CR1', "an update's comments are listed newest first, and a deleted one is gone"],
  ['GO3', 'a listed goal reads as it is listed (--read-only)'],
  ['CI5', 'check-ins are listed date descending, then person name, then id (--read-only)'],
  ['CI3', "the caller's check-in keeps its answers; completed_at is set by the first answer and kept after"],
  ['CI4', 'a check-in is blocked exactly when its blockers hold non-whitespace text'],
  ['CI6', "a check-in by date is the caller's check-in by id"],
  ['WH1', 'the activity hook records the person the email names, in any case, and GET /activities lists it'],
  ['EC1', "an Echo's schedule is as given, or EC1's defaults, after any create and PATCH"],
  ['EC5', "an Echo's answers are listed newest first with their bodies as last sent"],
  ['EC6', 'a deleted Echo and its answers answer 404'],
  ['EC7', "an Echo's creator may change and delete it"],
  ['CR2', 'one reaction per person and name: the same name again answers the existing one; a removed one is gone'],
  ['DG2', "the caller's comments on their own updates and every Echo answer land in the digest"],
  ['DG3', "a deleted record's digest entries go"],
  ['AI2', 'a completed check-in has no action item'],
  ['AI3', 'a goal is due for an update exactly when its cadence passed since its start with no update'],
];

/** What a --read-only exploration judges: any data's pages, reads, orders and ETags. */
const READ_ONLY_JUDGED = new Set(['G1', 'G4', 'G12', 'GO3', 'GO4', 'GU7', 'CI5']);
/** What only a run that may PATCH the caller's check-ins judges. */
const CHECK_IN_JUDGED = new Set(['CI3', 'CI4', 'CI6', 'AI2']);

/** WH1's hook, when the run has its URL (standin's, or --activity-hook-url). */
function hookOf(ctx: KitContext): ExploreHook | undefined {
  if (!ctx.setUp.activityHookUrl) return undefined;
  try {
    const { client, path } = ctx.hook();
    return { client, path };
  } catch (error) {
    // A URL not of the hook's shape: WH1's own checks say so; the exploration goes on without the hook.
    if (error instanceof NotRun) return undefined;
    throw error;
  }
}

/** The group, and what its exploration ran (undefined until it ran). */
export interface ExploreGroup extends CheckGroup {
  explored(): ExploreResult | undefined;
}

/** One line on what an exploration ran, for the report. */
export function exploredLine({ seed, sequences, requests, shrinks, ms, finding }: ExploreResult): string {
  const found = finding
    ? `; a failure of ${finding.rule} shrunk in ${shrinks} steps to ${finding.steps.length} steps`
    : '; no failure';
  return `explored: ${sequences} sequences, ${requests} requests in ${(ms / 1000).toFixed(1)} s, seed ${seed}${found} (replay: --explore-seed ${seed})`;
}

/**
 * The group: the exploration runs with the first check and is judged by each.
 * @example const group = exploreGroup({ requests: 2000, seed: 7 })
 */
export function exploreGroup(options: ExploreOptions = {}): ExploreGroup {
  let running: Promise<ExploreResult> | undefined;
  let ran: ExploreResult | undefined;
  const result = (ctx: KitContext): Promise<ExploreResult> => {
    const settings: ExploreSettings = {
      ...options,
      readOnly: ctx.options.readOnly ?? false,
      checkIns: !ctx.options.readOnly && (options.ownSession === true || ctx.options.modifyExisting === true),
    };
    running ??= explore(
      {
        client: ctx.client,
        me: ctx.me.id,
        title: (word) => ctx.mark(word),
        hook: options.ownSession ? hookOf(ctx) : undefined,
      },
      settings,
    ).then((result) => (ran = result));
    return running;
  };
  const checks: ContractCheck[] = JUDGED.map(([rule, title]) => ({
    rule,
    title: `over explored sequences, ${title}`,
    async run(ctx) {
      if (!READ_ONLY_JUDGED.has(rule)) ctx.requireWrites();
      if (CHECK_IN_JUDGED.has(rule) && !options.ownSession) ctx.requireModifyExisting();
      if (rule === 'WH1' && !(options.ownSession && hookOf(ctx)))
        throw new NotRun(
          'posts activities, which cannot be deleted: only in a standin session of its own, with the hook’s URL',
        );
      const { finding, seed, requests, sequences } = await result(ctx);
      if (!finding || finding.rule !== rule) return;
      const saved = options.out ? writeRepro(options.out, ctx.options.baseUrl, seed, finding) : [];
      throw new RuleFailure(
        rule,
        [
          `${finding.message.replace(/^[A-Z]+\d+: /, '')}`,
          `shortest failing sequence (${finding.steps.length} steps, ${finding.requests.length} requests; ${sequences} sequences, ${requests} requests in all):`,
          numberedRequests(finding),
          `replay: --explore --explore-seed ${seed}${saved.length ? `; saved: ${saved.join(', ')}` : ''}`,
        ].join('\n'),
      );
    },
  }));
  checks.push({
    rule: 'G1',
    title: 'over explored sequences, any other rule the spec names holds',
    async run(ctx) {
      const { finding, seed } = await result(ctx);
      if (!finding || JUDGED.some(([rule]) => rule === finding.rule)) return;
      const saved = options.out ? writeRepro(options.out, ctx.options.baseUrl, seed, finding) : [];
      throw new RuleFailure(
        finding.rule,
        [
          finding.message,
          numberedRequests(finding),
          `replay: --explore-seed ${seed}${saved.length ? `; saved: ${saved.join(', ')}` : ''}`,
        ].join('\n'),
      );
    },
  });
  return {
    name: 'explore',
    title: 'Explored sequences (issue 37: spec, HTTP semantics, domain rules)',
    checks,
    explored: () => ran,
  };
}
