// What a standin had in force while the kit checked it, read from its /__mock controls at the start and at the
// end of the run: the overrides that answer the run's requests, the fault profile (MK6), the rate limits (G14)
// and strict mode (G7). A check that fails against a standin answering 503 one time in ten, or refusing the
// unknown field G7's check sends, is no defect of the server's: the report says so at its top, and says when
// any of them changed while the run went.
import type { ControlSchema } from '../../src/types/wire.js';

type FaultRule = ControlSchema<'FaultRule'>;
type OverrideRule = ControlSchema<'OverrideRule'>;

/** What of a standin changes its answers, as the run's own requests met it. */
export interface InForce {
  /** G7: unknown and read-only body fields refused with 422; null when the server does not say (an older standin). */
  strict: boolean | null;
  /** G14: production's rate limits. */
  rateLimits: boolean;
  /** MK6: the fault profile of the run's world (its session's, else the shared world's), or null. */
  faults: ControlSchema<'FaultProfile'> | null;
  /** The overrides that answer the run's requests: those of every session and those of the run's own. */
  overrides: OverrideRule[];
}

/** A standin's settings over one run: read at the start and at the end, and what changed between. */
export interface StandinConditions {
  /** The X-Mock-Session the run worked in (MK5), or null for the shared world. */
  session: string | null;
  /** Why the run worked in the shared world: asked to (sharedWorld, --shared-world), or it writes nothing. */
  sharedBecause?: 'asked' | 'read-only';
  atStart: InForce;
  atEnd: InForce;
  /** What changed while the run went, each in a few words (`fault profile: none at the start, 1 rule at the end`). */
  changed: string[];
}

async function readJson(doFetch: typeof fetch, url: string): Promise<unknown> {
  try {
    const response = await doFetch(url, { headers: { accept: 'application/json' } });
    return response.ok ? await response.json() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads what a standin has in force for the run's requests (`doFetch` carries the run's session, if any).
 * @example const atStart = await readInForce('http://127.0.0.1:4010', fetch, null)
 */
export async function readInForce(root: string, doFetch: typeof fetch, session: string | null): Promise<InForce> {
  const [world, rateLimit, faults, overrides] = (await Promise.all(
    ['world', 'rate-limit', 'faults', 'overrides'].map((control) => readJson(doFetch, `${root}/__mock/${control}`)),
  )) as [
    { strict?: unknown } | undefined,
    { enabled?: unknown } | undefined,
    { profile?: InForce['faults'] } | undefined,
    { rules?: OverrideRule[] } | undefined,
  ];
  return {
    strict: typeof world?.strict === 'boolean' ? world.strict : null,
    rateLimits: rateLimit?.enabled === true,
    faults: faults?.profile ?? null,
    overrides: (overrides?.rules ?? []).filter((o) => o.rule.session === undefined || o.rule.session === session),
  };
}

/** The most items of a kind the report names (a profile may hold 100 rules): the rest are counted. */
const NAMED = 3;

function listed(items: readonly string[]): string {
  return items.slice(0, NAMED).join('; ') + (items.length > NAMED ? `; and ${items.length - NAMED} more` : '');
}

/** A pattern as the report shows it: a path pattern may be 1,000 characters long. */
const pattern = (path: string) => (path.length > 80 ? `${path.slice(0, 79)}…` : path);

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

function latencyText(latency: NonNullable<FaultRule['latency']>): string {
  if (latency.kind === 'fixed') return `${latency.ms} ms`;
  if (latency.kind === 'uniform') return `${latency.min_ms}-${latency.max_ms} ms`;
  return `~${latency.median_ms} ms`;
}

/** One fault rule in a few words: `GET /api/v2/goals*: 503 at 10%, latency 200 ms`. */
function faultRuleText(rule: FaultRule): string {
  const what = [
    ...(rule.faults ?? []).map((f) =>
      f.kind === 'error' ? `${f.status} at ${percent(f.rate)}` : `${f.kind} at ${percent(f.rate)}`,
    ),
    ...(rule.latency ? [`latency ${latencyText(rule.latency)}`] : []),
  ];
  return `${rule.methods?.join(',') ?? 'any'} ${pattern(rule.path ?? '/api/v2/*')}: ${what.join(', ') || 'nothing'}`;
}

function overrideText({ id, rule }: OverrideRule): string {
  return `${id} ${rule.method ?? 'any'} ${pattern(rule.path)} → ${rule.status}`;
}

/** Each setting that changes answers, in words; empty when none is on. */
function parts(inForce: InForce): string[] {
  const rules = inForce.faults?.rules ?? [];
  return [
    ...(inForce.overrides.length > 0
      ? [`${inForce.overrides.length} override(s) (${listed(inForce.overrides.map(overrideText))})`]
      : []),
    ...(rules.length > 0 ? [`a fault profile (${listed(rules.map(faultRuleText))})`] : []),
    ...(inForce.rateLimits ? ['rate limits (G14)'] : []),
    ...(inForce.strict ? ['strict mode (G7: unknown body fields refused)'] : []),
  ];
}

/**
 * What changed between two readings, each setting in a few words; empty when none did.
 * @example changes(atStart, atEnd) // ['rate limits: off at the start, on at the end']
 */
export function changes(atStart: InForce, atEnd: InForce): string[] {
  const onOff = (on: boolean | null) => (on ? 'on' : 'off');
  const rules = (faults: InForce['faults']) => `${faults?.rules.length ?? 0} rule(s)`;
  const said: string[] = [];
  if (JSON.stringify(atStart.overrides) !== JSON.stringify(atEnd.overrides))
    said.push(`overrides: ${atStart.overrides.length} at the start, ${atEnd.overrides.length} at the end`);
  if (JSON.stringify(atStart.faults) !== JSON.stringify(atEnd.faults))
    said.push(`fault profile: ${rules(atStart.faults)} at the start, ${rules(atEnd.faults)} at the end`);
  if (atStart.rateLimits !== atEnd.rateLimits)
    said.push(`rate limits: ${onOff(atStart.rateLimits)} at the start, ${onOff(atEnd.rateLimits)} at the end`);
  if (atStart.strict !== atEnd.strict)
    said.push(`strict mode: ${onOff(atStart.strict)} at the start, ${onOff(atEnd.strict)} at the end`);
  return said;
}

/**
 * The report's lines on a standin: where the run worked, what was in force, and what changed while it ran.
 * @example conditionLines(run.standin) // ['against standin, in its own session … (dropped at the end)', 'in force: …']
 */
export function conditionLines(conditions: StandinConditions): string[] {
  const where = conditions.session
    ? `against standin, in a session of the run's own (X-Mock-Session: ${conditions.session}, dropped at the end)`
    : `against standin, in its shared world (${conditions.sharedBecause === 'read-only' ? 'a --read-only run writes nothing' : '--shared-world'})`;
  const atStart = parts(conditions.atStart);
  const atEnd = parts(conditions.atEnd);
  const none = 'nothing that changes answers (no overrides, fault profile, rate limits or strict mode)';
  return [
    where,
    atStart.length > 0
      ? `in force: ${atStart.join(', ')}: a failure these cause is no defect of the server`
      : `in force: ${none}`,
    ...(conditions.changed.length > 0
      ? [
          `changed during the run: ${conditions.changed.join('; ')}; in force at the end: ${atEnd.length > 0 ? atEnd.join(', ') : 'nothing that changes answers'}`,
        ]
      : []),
  ];
}
