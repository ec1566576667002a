// `standin serve`'s options, from its flags or STANDIN_* variables (flags win): each text read as the value
// createMock and startServer take, then checked by their own rules (src/http/option-rules.ts,
// src/server/serve-option-rules.ts), so that the command line and the library refuse the same values in the
// same words. What only a command line has — a duration such as 30m, a size such as 2GiB, a profile as JSON or
// @file, --latency — is read here.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_SEED } from '../domain/world-base.js';
import { named, type OptionRule, type RuleContext } from '../http/option-rules.js';
import { DEFAULT_MEMORY_BUDGET } from '../runtime/memory-budget.js';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_TTL_MS } from '../runtime/session-defaults.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../server/defaults.js';
import { openControlsProblem } from '../server/bind-guard.js';
import { SERVE_OPTION_RULES } from '../server/serve-option-rules.js';
import { DEFAULT_SERVER_LIMITS } from '../server/server-limits.js';
import type { FaultProfileSpec } from '../runtime/fault-profile.js';
import type { ServeOptions } from '../server/start-server.js';
import type { TlsPair } from '../server/serve-options.js';
import { tlsPairProblem } from '../server/tls-pair.js';
import { commandError, negativeValuesJoined, optionError } from './option-errors.js';
import { byteSize } from './byte-size.js';

/** A mistake in the command line: one line saying what to do (main.ts adds the pointer to --help). */
export class ServeUsageError extends Error {}

/** The flags of `standin serve`. */
const SERVE_FLAGS = {
  port: { type: 'string' },
  host: { type: 'string' },
  seed: { type: 'string' },
  now: { type: 'string' },
  size: { type: 'string' },
  'app-url': { type: 'string' },
  strict: { type: 'boolean' },
  'rate-limit': { type: 'boolean' },
  'max-sessions': { type: 'string' },
  'session-ttl': { type: 'string' },
  'control-token': { type: 'string' },
  'unsafe-open-controls': { type: 'boolean' },
  'any-token': { type: 'boolean' },
  'any-token-as': { type: 'string' },
  'cors-origin': { type: 'string', multiple: true },
  'allowed-host': { type: 'string', multiple: true },
  'memory-budget': { type: 'string' },
  'request-timeout': { type: 'string' },
  state: { type: 'string' },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
  latency: { type: 'string' },
  faults: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The smallest --memory-budget a server takes: its caches and journal alone may take 32MiB. */
const MIN_SERVER_BUDGET = 64 * 2 ** 20;

type ServeKey = keyof typeof SERVE_OPTION_RULES;

/** Checks a value by its option's rule, named as the command line names it; a problem is a usage error. */
function checked<T>(key: ServeKey, value: T, context: RuleContext, spelling?: { flag?: string; given?: string }) {
  const rule: OptionRule = SERVE_OPTION_RULES[key];
  const flag = spelling?.flag ?? rule.flag ?? key;
  const problem = rule.problem(value, named(key, value, { ...spelling, flag }), context);
  if (problem) throw new ServeUsageError(problem);
  return value;
}

/** A whole number's text as the number it says (`-1` too, for the rule's hint); anything else as the text. */
function numberOf(text: string): number | string {
  return /^-?\d+$/.test(text) ? Number(text) : text;
}

/** MK5: `90s`, `30m`, `2h`, or `0`, as milliseconds. */
function duration(
  text: string,
  refusal = '--session-ttl must be a duration such as 90s, 30m or 2h (0 keeps sessions until dropped)',
): number {
  const match = /^(\d+)(s|m|h)?$/.exec(text);
  if (!match) throw new ServeUsageError(`${refusal}, got "${text}"`);
  return Number(match[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's') as 's' | 'm' | 'h'];
}

/** G8: how long a whole request may take to arrive, `10s` (the headers' own limit) to `1h`; a large state over a slow link needs more than 30 s. */
function requestTimeout(text: string): number {
  // The least is the headers' own limit, so the message follows it should it change.
  const least = DEFAULT_SERVER_LIMITS.headersTimeout;
  const refusal = `--request-timeout must be a duration from ${least / 1000}s to 1h such as 30s or 5m`;
  const ms = duration(text, refusal);
  if (ms < least || ms > 3_600_000) throw new ServeUsageError(`${refusal}, got "${text}"`);
  return ms;
}

/** A size such as 512MiB, 2GiB or 300MB (binary units either way), as bytes; a server's is 64MiB at least. */
function bytes(text: string): number {
  const size = byteSize(text);
  if (size === null) throw new ServeUsageError(`--memory-budget must be a size such as 512MiB or 2GiB, got "${text}"`);
  if (size < MIN_SERVER_BUDGET)
    throw new ServeUsageError(
      `--memory-budget must be at least 64MiB (the caches and the journal alone may take 32), got "${text}"`,
    );
  return size;
}

/** A repeatable flag, or its environment variable as a comma-separated list. */
function list(values: string[] | undefined, env: string | undefined): string[] {
  return (
    values ??
    (env
      ? env
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== '')
      : [])
  );
}

function flag(value: boolean | undefined, env: string | undefined): boolean {
  return value ?? (env === '1' || env === 'true');
}

/**
 * MK7: `--any-token` (the default person) or `--any-token-as U`; STANDIN_ANY_TOKEN is a switch word (1, true,
 * yes, on or their opposites, in any case) or U. Whether U names someone is checked once the world is made.
 */
function anyTokenOption(
  on: boolean | undefined,
  as: string | undefined,
  env: string | undefined,
  context: RuleContext,
): string | boolean {
  if (as !== undefined) return checked('anyToken', as, context);
  if (on !== undefined) return on;
  if (env === undefined || env === '') return false;
  // A switch word in any case, as people write them in .env files; anything else names a person.
  if (/^(1|true|yes|on)$/i.test(env.trim())) return true;
  if (/^(0|false|no|off)$/i.test(env.trim())) return false;
  const rule = SERVE_OPTION_RULES.anyToken;
  const problem = rule.problem(env, named('anyToken', env, { flag: 'STANDIN_ANY_TOKEN', join: '=' }), context);
  if (problem) throw new ServeUsageError(problem);
  return env;
}

/** MK6: --faults (JSON or @file) and --latency (a catch-all rule after the profile's own) as one profile. */
async function faultProfile(
  faults: string | undefined,
  latency: string | undefined,
): Promise<FaultProfileSpec | undefined> {
  if (!faults && !latency) return undefined;
  // Loaded only now: the profile's schema is the control spec's, which takes a while to compile.
  const [{ profileProblems }, { parseLatency }] = await Promise.all([
    import('../http/profile-problems.js'),
    import('../runtime/fault-profile.js'),
  ]);
  let spec: FaultProfileSpec = { rules: [] };
  if (faults) {
    try {
      spec = JSON.parse(faults.startsWith('@') ? readFileSync(faults.slice(1), 'utf8') : faults) as FaultProfileSpec;
    } catch (error) {
      throw new ServeUsageError(`--faults must be a JSON profile or @file holding one: ${(error as Error).message}`);
    }
    checked('faults', spec, { profileProblems });
  }
  if (latency) {
    try {
      spec = { ...spec, rules: [...spec.rules, { latency: parseLatency(latency) }] };
    } catch (error) {
      throw new ServeUsageError(`--${(error as Error).message}`);
    }
  }
  return spec;
}

/** A PEM file's text; a file that cannot be read is a usage error naming it and why. */
function pemFile(flag: string, path: string, holds: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    const why =
      code === 'ENOENT' ? 'there is no such file' : code === 'EACCES' ? 'it may not be read' : (error as Error).message;
    throw new ServeUsageError(`${flag} ${path} cannot be read (${why}); give the PEM file of ${holds}`);
  }
}

/**
 * --tls-cert and --tls-key, both or neither: the files read and the key checked to be the certificate's, in the
 * files' names.
 */
function tlsOption(certFile: string | undefined, keyFile: string | undefined): TlsPair | undefined {
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined || keyFile === undefined)
    throw new ServeUsageError(
      `${certFile === undefined ? '--tls-key' : '--tls-cert'} needs ${certFile === undefined ? '--tls-cert' : '--tls-key'} too: https takes the certificate and its key (STANDIN_TLS_CERT, STANDIN_TLS_KEY)`,
    );
  const pair = {
    cert: pemFile('--tls-cert', certFile, "the server's certificate"),
    key: pemFile('--tls-key', keyFile, "the certificate's private key"),
  };
  const problem = tlsPairProblem(pair, { cert: `--tls-cert ${certFile}`, key: `--tls-key ${keyFile}` });
  if (problem) throw new ServeUsageError(problem);
  return pair;
}

/** No rule on this side needs MK6's schema: --faults is checked apart, once its spec is loaded. */
const WITHOUT_PROFILES: RuleContext = { profileProblems: () => [] };

/**
 * The serve command's options, or 'help'; a mistake as a ServeUsageError of one line.
 * @example const options = await readServeOptions(['--port', '0'], process.env) // { port: 0, host: '127.0.0.1', … }
 */
export async function readServeOptions(argv: string[], env: NodeJS.ProcessEnv): Promise<ServeOptions | 'help'> {
  let parsed;
  try {
    const valued = Object.entries(SERVE_FLAGS).flatMap(([name, { type }]) => (type === 'string' ? [name] : []));
    parsed = parseArgs({ args: negativeValuesJoined(argv, valued), allowPositionals: true, options: SERVE_FLAGS });
  } catch (error) {
    throw new ServeUsageError(optionError(error, Object.keys(SERVE_FLAGS)));
  }
  const { values, positionals } = parsed;
  const command = positionals[0] ?? 'serve';
  if (values.help) return 'help';
  if (command !== 'serve')
    throw new ServeUsageError(commandError(command, ['serve', 'contract', 'drift', 'proxy', 'import', 'mcp']));
  const context = WITHOUT_PROFILES;
  // A whole number's option: its text checked as the number it says (a text that says none is refused as given).
  const whole = (key: ServeKey, given: string | undefined) =>
    given === undefined || given === '' ? undefined : Number(checked(key, numberOf(given), context));
  const now = values.now ?? env.STANDIN_NOW;
  const controlToken = values['control-token'] ?? env.STANDIN_CONTROL_TOKEN;
  const appUrl = values['app-url'] ?? env.STANDIN_APP_URL;
  const state = values.state ?? env.STANDIN_STATE;
  const ttl = values['session-ttl'] ?? env.STANDIN_SESSION_TTL;
  const budget = values['memory-budget'] ?? env.STANDIN_MEMORY_BUDGET;
  const timeout = values['request-timeout'] ?? env.STANDIN_REQUEST_TIMEOUT;
  const tls = tlsOption(values['tls-cert'] ?? env.STANDIN_TLS_CERT, values['tls-key'] ?? env.STANDIN_TLS_KEY);
  const options: ServeOptions = {
    port: whole('port', values.port ?? env.STANDIN_PORT) ?? DEFAULT_PORT,
    host: checked('host', values.host ?? env.STANDIN_HOST ?? DEFAULT_HOST, context),
    seed: whole('seed', values.seed ?? env.STANDIN_SEED) ?? DEFAULT_SEED,
    now: now === undefined ? undefined : checked('now', now, context),
    size: checked('size', values.size ?? env.STANDIN_SIZE ?? 'small', context) as ServeOptions['size'],
    appUrl: appUrl === undefined ? undefined : checked('appUrl', appUrl, context),
    strict: flag(values.strict, env.STANDIN_STRICT),
    rateLimit: flag(values['rate-limit'], env.STANDIN_RATE_LIMIT),
    maxSessions: whole('maxSessions', values['max-sessions'] ?? env.STANDIN_MAX_SESSIONS) ?? DEFAULT_MAX_SESSIONS,
    sessionTtlMs: ttl ? checked('sessionTtlMs', duration(ttl), context, { given: `"${ttl}"` }) : DEFAULT_SESSION_TTL_MS,
    controlToken: controlToken === undefined ? undefined : checked('controlToken', controlToken, context),
    anyToken: anyTokenOption(values['any-token'], values['any-token-as'], env.STANDIN_ANY_TOKEN, context),
    corsOrigins: checked('corsOrigins', list(values['cors-origin'], env.STANDIN_CORS_ORIGINS), context),
    allowedHosts: checked('allowedHosts', list(values['allowed-host'], env.STANDIN_ALLOWED_HOSTS), context),
    memoryBudget: budget
      ? checked('memoryBudget', bytes(budget), context, { given: `"${budget}"` })
      : DEFAULT_MEMORY_BUDGET,
    state: state === undefined ? undefined : checked('state', state, context),
    ...(timeout
      ? { requestTimeout: checked('requestTimeout', requestTimeout(timeout), context, { given: `"${timeout}"` }) }
      : {}),
    ...(tls ? { tls } : {}),
    faults: await faultProfile(values.faults ?? env.STANDIN_FAULTS, values.latency ?? env.STANDIN_LATENCY),
  };
  // G13: bound beyond loopback, the controls need a token, or the user's word that the network is theirs.
  const open = flag(values['unsafe-open-controls'], env.STANDIN_UNSAFE_OPEN_CONTROLS);
  const problem = openControlsProblem(options.host, options.controlToken, open);
  if (problem) throw new ServeUsageError(problem);
  return options;
}
