// What createMock (and through it startServer and `standin serve`) takes, checked in one place: the library
// refuses what the command line refuses, in the same words — the option as the caller names it (`seed`, or
// `--seed`), what was wrong with the value given, and the fix. An option nobody takes is refused too, with the
// one meant when it is one edit away (`sede` → `seed`): a typo must not pass silently as a default.
import { closestName } from '../spec/closest-name.js';
import type { MockOptions } from './mock.js';
import { normalizeOrigin } from './cross-origin.js';
import { isAppUrl } from './present.js';

/** A mistake in the options given to createMock or startServer: a TypeError naming the option. */
export class OptionError extends TypeError {
  constructor(
    /** The option at fault, as the caller named it. */
    readonly option: string,
    message: string,
  ) {
    super(message);
    this.name = 'OptionError';
  }
}

/** How an option is named where it was given, and how what was given is shown. */
export interface Named {
  /** `seed` to createMock, `--seed` on the command line; `corsOrigins[1]` for an item. */
  name: string;
  /** What was given, as the caller wrote it: `-1`, `"huge"`, `"10MiB"`. */
  got: string;
  /** The option with a value, as the caller writes it: `seed: 1`, `--seed 1`. */
  as(value: string): string;
  /** The name of an item of a list option. */
  item(index: number): Named;
}

/** What a rule needs beyond the value: MK6's profile schema, which only the caller may load (the CLI loads it late). */
export interface RuleContext {
  /** The problems of a fault profile against spec/control.yaml's FaultProfile; none when it conforms. */
  profileProblems(profile: unknown): string[];
}

/** One option's check: what is wrong with a value, said of the option as named; undefined when it is right. */
export interface OptionRule {
  /** Its flag on `standin serve`, when the command line takes it. */
  flag?: string;
  problem(value: unknown, named: Named, context: RuleContext): string | undefined;
}

/** The largest seed: spec/control.yaml takes and answers seeds up to it (ResetInput, ResetResult, the world summary). */
export const MAX_SEED = 2_147_483_647;
/** The shortest control token taken: longer than anyone guesses over HTTP. */
const MIN_CONTROL_TOKEN = 12;

/** How long a quoted value may be in a message: a huge string given by mistake is not repeated whole. */
const SHOWN_CHARS = 80;

/**
 * A value as a message quotes it: numbers and booleans as they are, strings in quotes, anything else as JSON.
 * @example shown('huge') // '"huge"'
 */
function shown(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > SHOWN_CHARS ? `${value.slice(0, SHOWN_CHARS)}…` : value);
  if (typeof value === 'function') return 'a function';
  if (typeof value !== 'object' || value === null) return String(value);
  let json: string;
  try {
    json = JSON.stringify(value);
  } catch {
    return Array.isArray(value) ? 'an array' : 'an object';
  }
  return json.length > SHOWN_CHARS ? `${json.slice(0, SHOWN_CHARS)}…` : json;
}

/** How the command line names an option: its flag (or variable), and the text it was given. */
export interface Spelling {
  /** `--seed`, or `STANDIN_ANY_TOKEN`. */
  flag: string;
  /** The text as typed, shown instead of the value read from it (`"10MiB"` rather than 10485760). */
  given?: string;
  /** Between the flag and a value: `' '` (the default), or `'='` for a variable. */
  join?: string;
}

/**
 * An option as the library names it (`seed`), or as the command line does when spelled so (`--seed`).
 * @example named('seed', -1).as('1') // 'seed: 1'
 * @example named('seed', -1, { flag: '--seed' }).as('1') // '--seed 1'
 */
export function named(name: string, value: unknown, spelling?: Spelling): Named {
  return {
    name: spelling?.flag ?? name,
    got: spelling?.given ?? shown(value),
    as: (text) => (spelling ? `${spelling.flag}${spelling.join ?? ' '}${text}` : `${name}: ${text}`),
    item: (index) => ({
      ...named(name, value, spelling),
      name: spelling?.flag ?? `${name}[${index}]`,
      got: shown(Array.isArray(value) ? value[index] : value),
    }),
  };
}

/**
 * A whole number in a range; `-1` for `1` gets the number it likely meant, when that is within the range.
 * @example wholeNumber(0, 65535)(-80, named('port', -80)) // 'port must be a whole number from 0 to 65535, got -80; did you mean port: 80?'
 */
export function wholeNumber(least: number, most = Infinity, why = ''): OptionRule['problem'] {
  return (value, n) => {
    const whole = typeof value === 'number' && Number.isInteger(value);
    if (whole && value >= least && value <= most) return undefined;
    const meant =
      whole && value < 0 && -value >= least && -value <= most ? `; did you mean ${n.as(String(-value))}?` : '';
    const range = most === Infinity ? '' : ` from ${least} to ${most}`;
    if (!whole) return `${n.name} must be a whole number${range}${why}, got ${n.got}${meant}`;
    return `${n.name} must be ${range ? `a whole number${range}` : `at least ${least}`}${why}, got ${n.got}${meant}`;
  };
}

const trueOrFalse: OptionRule['problem'] = (value, n) =>
  typeof value === 'boolean' ? undefined : `${n.name} must be true or false, got ${n.got}`;

function oneOf(values: readonly string[]): OptionRule['problem'] {
  const words = values.length === 1 ? values[0] : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
  return (value, n) =>
    typeof value === 'string' && values.includes(value) ? undefined : `${n.name} must be ${words}, got ${n.got}`;
}

/** MK4: a datetime Date.parse reads. */
const instant: OptionRule['problem'] = (value, n) =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value))
    ? undefined
    : `${n.name} must be an ISO datetime such as 2026-11-20T09:00:00Z, got ${n.got}`;

/** G10: the base of every url field. */
const appUrl: OptionRule['problem'] = (value, n) =>
  typeof value === 'string' && isAppUrl(value)
    ? undefined
    : `${n.name} must be an http(s) URL such as https://app.example.com (the base of every url field, G10), got ${n.got}`;

/**
 * An empty token (a variable never set) would switch the controls' protection off without a word, and a short one
 * is guessed: refused, saying how to make one.
 */
const controlToken: OptionRule['problem'] = (value, n) => {
  if (typeof value === 'string' && value.length >= MIN_CONTROL_TOKEN) return undefined;
  const got = typeof value !== 'string' ? n.got : value.length === 0 ? 'an empty one' : `${value.length}`;
  return `${n.name} must be at least ${MIN_CONTROL_TOKEN} characters, got ${got}; make one with: node -e "console.log(require('crypto').randomBytes(16).toString('hex'))"`;
};

/** MK7: true for the default person, or a username or person id. */
const anyToken: OptionRule['problem'] = (value, n) => {
  if (typeof value === 'boolean') return undefined;
  if (typeof value === 'string' && value.trim().replace(/^@/, '') !== '') return undefined;
  return `${n.name} needs a username or person id, e.g. ${n.as('agraham')}, got ${n.got}`;
};

/** G13: origins whose pages may use the controls. */
const corsOrigins: OptionRule['problem'] = (value, n) => {
  if (!Array.isArray(value))
    return `${n.name} must be a list of origins such as https://app.example.dev:8443, got ${n.got}`;
  for (let i = 0; i < value.length; i++) {
    const origin: unknown = value[i];
    if (typeof origin !== 'string' || normalizeOrigin(origin) === null)
      return `${n.item(i).name} must be an origin such as https://app.example.dev:8443 (no path), got ${n.item(i).got}`;
  }
  return undefined;
};

/** A bound of the memory budget that a test may set small; the command line asks more of a server (64MiB). */
const memoryBudget = wholeNumber(1, Infinity, ' (bytes)');

/** LW6: 0 (at requests only), or a period long enough that the ticks cost nothing, up to a day. */
const catchUpEvery: OptionRule['problem'] = (value, n) =>
  value === 0 || (typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 86_400_000)
    ? undefined
    : `${n.name} must be 0 (the worlds catch up at requests only) or a whole number of milliseconds from 100 to 86400000, e.g. ${n.as('10000')}, got ${n.got}`;

/** MK6: a profile as spec/control.yaml's FaultProfile, whose values can be drawn from. */
const faults: OptionRule['problem'] = (value, n, context) => {
  const problems = context.profileProblems(value);
  return problems.length > 0 ? `${n.name} is not a valid profile: ${problems.join(' ')}` : undefined;
};

function known(keys: readonly string[], what: string): OptionRule['problem'] {
  return (value, n) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return `${n.name} must be an object of ${what}, got ${n.got}`;
    const unknown = Object.keys(value).find((key) => !keys.includes(key));
    return unknown === undefined ? undefined : unknownOption(unknown, keys, `${n.name} takes`, `${n.name}.`);
  };
}

const WEBHOOK_SETTINGS = [
  'retryDelaysMs',
  'timeoutMs',
  'maxQueueBytes',
  'maxQueueEntries',
  'maxListBytes',
  'maxListEntries',
] as const;

/** localStorage's two methods, which `persist: 'local'` keeps the world with. */
const storage: OptionRule['problem'] = (value, n) => {
  const { getItem, setItem } = (value ?? {}) as { getItem?: unknown; setItem?: unknown };
  return typeof getItem === 'function' && typeof setItem === 'function'
    ? undefined
    : `${n.name} must be a Storage such as the page's localStorage (getItem and setItem), got ${n.got}`;
};

const aPath: OptionRule['problem'] = (value, n) =>
  typeof value === 'string' && value !== '' ? undefined : `${n.name} must be a file's path, got ${n.got}`;

const aFunction: OptionRule['problem'] = (value, n) =>
  typeof value === 'function' ? undefined : `${n.name} must be a function, got ${n.got}`;

/** Every option createMock takes and its check (a new option of MockOptions fails the typecheck until it is here). */
export const MOCK_OPTION_RULES = {
  seed: { flag: '--seed', problem: wholeNumber(0, MAX_SEED) },
  now: { flag: '--now', problem: instant },
  size: { flag: '--size', problem: oneOf(['small', 'large']) },
  rateLimit: { flag: '--rate-limit', problem: trueOrFalse },
  maxSessions: { flag: '--max-sessions', problem: wholeNumber(1) },
  sessionTtlMs: {
    flag: '--session-ttl',
    problem: wholeNumber(0, Infinity, ' (milliseconds; 0 keeps sessions until dropped)'),
  },
  controlToken: { flag: '--control-token', problem: controlToken },
  memoryBudget: { flag: '--memory-budget', problem: memoryBudget },
  anyToken: { flag: '--any-token-as', problem: anyToken },
  faults: { flag: '--faults', problem: faults },
  webhooks: { problem: known(WEBHOOK_SETTINGS, 'webhook settings') },
  catchUpEveryMs: { problem: catchUpEvery },
  appUrl: { flag: '--app-url', problem: appUrl },
  strict: { flag: '--strict', problem: trueOrFalse },
  corsOrigins: { flag: '--cors-origin', problem: corsOrigins },
  persist: { problem: oneOf(['local']) },
  storage: { problem: storage },
  stateLoader: { problem: aFunction },
  // What GET /__mock/server says the world is kept in (standin serve --state): a path, which createMock never opens.
  stateFile: { flag: '--state', problem: aPath },
} satisfies Record<keyof MockOptions, OptionRule>;

/**
 * An unknown option as one line: the one meant when it is one edit away, else what there is. Its name is
 * clipped: a key of any length may come.
 * @example unknownOption('sede', ['seed', 'size'], 'createMock takes') // 'unknown option sede: did you mean seed?'
 */
function unknownOption(given: string, keys: readonly string[], takes: string, within = ''): string {
  const meant = closestName(given, keys, { maxEdits: 1 });
  const name = `${within}${given.length > SHOWN_CHARS ? `${given.slice(0, SHOWN_CHARS)}…` : given}`;
  return meant
    ? `unknown option ${name}: did you mean ${within}${meant}?`
    : `unknown option ${name}: ${takes} ${[...keys].sort().join(', ')}`;
}

/**
 * Throws an OptionError at the first option nobody takes, or whose value its rule refuses. Options left
 * undefined take their defaults.
 * @example checkOptions({ seed: -1 }, MOCK_OPTION_RULES, 'createMock', context) // throws 'createMock: seed must be …'
 */
export function checkOptions(
  options: object,
  rules: Readonly<Record<string, OptionRule>>,
  caller: string,
  context: RuleContext,
): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new OptionError('options', `${caller}: its options must be an object, got ${shown(options)}`);
  const keys = Object.keys(rules);
  for (const [key, value] of Object.entries(options)) {
    const rule = Object.hasOwn(rules, key) ? rules[key] : undefined;
    if (!rule) throw new OptionError(key, `${caller}: ${unknownOption(key, keys, `${caller} takes`)}`);
    if (value === undefined) continue;
    const problem = rule.problem(value, named(key, value), context);
    if (problem) throw new OptionError(key, `${caller}: ${problem}`);
  }
}
