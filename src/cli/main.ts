#!/usr/bin/env node
// The standin command line: `standin serve` (the mock), and the contract, drift, proxy and import commands.
// Flags win over STANDIN_* environment variables.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { parseArgs } from 'node:util';
import { FaultProfile, parseLatency, type FaultProfileSpec } from '../runtime/fault-profile.js';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_TTL_MS } from '../runtime/session-defaults.js';
import { DEFAULT_MEMORY_BUDGET } from '../runtime/memory-budget.js';
import { DEFAULT_SEED } from '../domain/world-base.js';
import { DEFAULT_APP_URL, isAppUrl } from '../http/present.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../server/defaults.js';
import { normalizeOrigin } from '../http/cross-origin.js';
import { allowedHostOf } from '../server/host-check.js';
import { commandError, negativeValuesJoined, optionError } from './option-errors.js';
import type { ServeOptions } from '../server/start-server.js';
// The server, the specs' validators and the kit load only once the command line is known good: a mistake
// is answered in a fraction of the time the mock takes to load.

const USAGE = `Usage: standin serve [options]
       standin contract --base-url URL --token T [options]   (standin contract --help)
       standin drift <file-or-url> [options]                 (standin drift --help)
       standin proxy --upstream URL [options]                (standin proxy --help)
       standin import --base-url URL --token T --out FILE    (standin import --help)

Options (each also as an environment variable):
  --port N          port to listen on (STANDIN_PORT, default ${DEFAULT_PORT}; 0 picks a free one)
  --host H          address to bind (STANDIN_HOST, default ${DEFAULT_HOST})
  --seed N          world seed 0-2147483647 (STANDIN_SEED, default ${DEFAULT_SEED}): same seed, same world
  --now ISO         fixed clock, e.g. 2026-11-20T09:00:00Z (STANDIN_NOW, default real time)
  --size S          small | large (STANDIN_SIZE, default small)
  --app-url URL     base of url fields (STANDIN_APP_URL, default ${DEFAULT_APP_URL})
  --strict          reject unknown and read-only body fields with 422 (STANDIN_STRICT=1)
  --rate-limit      apply production's rate limits (STANDIN_RATE_LIMIT=1)
  --max-sessions N  most X-Mock-Session worlds kept at once (STANDIN_MAX_SESSIONS, default ${DEFAULT_MAX_SESSIONS})
  --session-ttl T   drop a session unused this long: 90s, 30m, 2h, or 0 for never (STANDIN_SESSION_TTL, default 1h)
  --any-token       answer any bearer token the world does not know, or none, as the default person,
                    read-write, for frontend work (MK7; STANDIN_ANY_TOKEN=1); known tokens keep their person
  --any-token-as U  the same, as the person with username or id U (STANDIN_ANY_TOKEN=U)
  --control-token T require Authorization: Bearer T on /__mock controls (STANDIN_CONTROL_TOKEN)
  --cors-origin O   also let pages of origin O (https://app.example.dev) use /__mock and the pages; repeatable
                    (STANDIN_CORS_ORIGINS, comma-separated). Loopback origins always may (G13)
  --allowed-host H  also answer requests for host name H (demo.example.com, or .example.com for a domain);
                    repeatable (STANDIN_ALLOWED_HOSTS, comma-separated). Loopback names and --host always (G13)
  --memory-budget M the most kept beyond the base world (sessions, snapshots, caches): 512MiB, 2GiB
                    (STANDIN_MEMORY_BUDGET, default 512MiB); over it, new sessions, snapshots and writes get 507
  --state FILE      keep the world in FILE across restarts; a write is answered once saved there (STANDIN_STATE)
  --latency L       delay every API request: fixed:MS, uniform:MIN-MAX or lognormal:MEDIAN,SIGMA (STANDIN_LATENCY)
  --faults JSON     a latency and fault profile, as JSON or @file (STANDIN_FAULTS); see spec/control.yaml
  -h, --help        show this help`;

/** The largest seed: spec/control.yaml takes and answers seeds up to it (ResetInput, ResetResult, the world summary). */
const MAX_SEED = 2_147_483_647;

/** A mistake in the command line or the start: one line saying what to do, exit 2 (the usage is a flag away). */
function fail(message: string): never {
  process.stderr.write(`standin: ${message} (standin serve --help lists the options)\n`);
  process.exit(2);
}

function integer(name: string, text: string | undefined, fallback: number, least = 0, most = Infinity): number {
  if (text === undefined || text === '') return fallback;
  const range = most === Infinity ? '' : ` from ${least} to ${most}`;
  // `-1` for `1`: the number meant is more likely the one without the sign than none at all.
  const meant = /^-\d+$/.test(text) && Number(text.slice(1)) >= least ? `; did you mean ${name} ${text.slice(1)}?` : '';
  if (!/^\d+$/.test(text)) fail(`${name} must be a whole number${range}, got "${text}"${meant}`);
  if (Number(text) < least || Number(text) > most)
    fail(`${name} must be ${range ? `a whole number${range}` : `at least ${least}`}, got ${text}`);
  return Number(text);
}

/** MK5: `90s`, `30m`, `2h`, or `0`, as milliseconds. */
function duration(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const match = /^(\d+)(s|m|h)?$/.exec(text);
  if (!match) fail(`${name} must be a duration such as 90s, 30m or 2h (0 keeps sessions until dropped), got "${text}"`);
  return Number(match[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's') as 's' | 'm' | 'h'];
}

/** A size such as 512MiB, 2GiB or 300MB (binary units either way), as bytes. */
function bytes(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const match = /^(\d+)\s*(k|m|g)i?b?$/i.exec(text.trim());
  if (!match) fail(`${name} must be a size such as 512MiB or 2GiB, got "${text}"`);
  const size = Number(match[1]) * 2 ** { k: 10, m: 20, g: 30 }[match[2]!.toLowerCase() as 'k' | 'm' | 'g'];
  if (size < 64 * 2 ** 20)
    fail(`${name} must be at least 64MiB (the caches and the journal alone may take 32), got "${text}"`);
  return size;
}

/** The shortest --control-token taken: longer than anyone guesses over HTTP. */
const MIN_CONTROL_TOKEN = 12;

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
function anyTokenOption(on: boolean | undefined, as: string | undefined, env: string | undefined): string | boolean {
  const named = (text: string, where: string) => {
    if (text.trim().replace(/^@/, '') === '')
      fail(
        `${where} needs a username or person id, e.g. ${where === '--any-token-as' ? '--any-token-as agraham' : 'STANDIN_ANY_TOKEN=agraham'}, got "${text}"`,
      );
    return text;
  };
  if (as !== undefined) return named(as, '--any-token-as');
  if (on !== undefined) return on;
  if (env === undefined || env === '') return false;
  // A switch word in any case, as people write them in .env files; anything else names a person.
  if (/^(1|true|yes|on)$/i.test(env.trim())) return true;
  if (/^(0|false|no|off)$/i.test(env.trim())) return false;
  return named(env, 'STANDIN_ANY_TOKEN');
}

/** MK6: --faults (JSON or @file) and --latency (a catch-all rule after the profile's own) as one profile. */
async function faultProfile(
  faults: string | undefined,
  latency: string | undefined,
): Promise<FaultProfileSpec | undefined> {
  if (!faults && !latency) return undefined;
  let spec: FaultProfileSpec = { rules: [] };
  if (faults) {
    try {
      spec = JSON.parse(faults.startsWith('@') ? readFileSync(faults.slice(1), 'utf8') : faults) as FaultProfileSpec;
    } catch (error) {
      fail(`--faults must be a JSON profile or @file holding one: ${(error as Error).message}`);
    }
    const { getCompiledControlSpec } = await import('../spec/compiled-spec.js');
    const problems = getCompiledControlSpec().checkSchema('FaultProfile', spec);
    if (problems.length > 0) fail(`--faults is not a valid profile: ${problems.join(' ')}`);
    try {
      new FaultProfile(spec);
    } catch (error) {
      fail(`--faults is not a valid profile: ${(error as Error).message}`);
    }
  }
  if (latency) {
    try {
      spec = { ...spec, rules: [...spec.rules, { latency: parseLatency(latency) }] };
    } catch (error) {
      fail(`--${(error as Error).message}`);
    }
  }
  return spec;
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'drift') {
    const { runDrift } = await import('./drift.js');
    process.exitCode = await runDrift(argv.slice(1), {
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
    });
    return;
  }
  if (argv[0] === 'import') {
    const { runImport } = await import('./import.js');
    process.exitCode = await runImport(argv.slice(1), {
      stdout: (text) => process.stdout.write(text),
      stderr: process.stderr,
    });
    return;
  }
  if (argv[0] === 'proxy') {
    const { runProxy } = await import('./proxy.js');
    // The first Ctrl-C stops the proxy and prints its summary; a second one ends at once.
    const stopped = new Promise((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    void stopped.then(() => process.once('SIGINT', () => process.exit(130)));
    process.exitCode = await runProxy(argv.slice(1), {
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
      stopped,
    });
    return;
  }
  if (argv[0] === 'contract') {
    const { ContractUsageError, runContract } = await import('./contract.js');
    process.exitCode = await runContract(argv.slice(1)).catch((error: Error) => {
      // One line either way; a command-line mistake points at --help.
      process.stderr.write(
        `standin contract: ${error.message}${error instanceof ContractUsageError ? ' (standin contract --help lists the options)' : ''}\n`,
      );
      return 2;
    });
    return;
  }
  const serveOptions = {
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
    'any-token': { type: 'boolean' },
    'any-token-as': { type: 'string' },
    'cors-origin': { type: 'string', multiple: true },
    'allowed-host': { type: 'string', multiple: true },
    'memory-budget': { type: 'string' },
    state: { type: 'string' },
    latency: { type: 'string' },
    faults: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  let parsed;
  try {
    const valued = Object.entries(serveOptions).flatMap(([name, { type }]) => (type === 'string' ? [name] : []));
    parsed = parseArgs({ args: negativeValuesJoined(argv, valued), allowPositionals: true, options: serveOptions });
  } catch (error) {
    fail(optionError(error, Object.keys(serveOptions)));
  }
  const { values, positionals } = parsed;
  const command = positionals[0] ?? 'serve';
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command !== 'serve') fail(commandError(command, ['serve', 'contract', 'drift', 'proxy', 'import']));

  const env = process.env;
  const size = values.size ?? env.STANDIN_SIZE ?? 'small';
  if (size !== 'small' && size !== 'large') fail(`--size must be small or large, got "${size}"`);
  const now = values.now ?? env.STANDIN_NOW;
  if (now !== undefined && Number.isNaN(Date.parse(now)))
    fail(`--now must be an ISO datetime such as 2026-11-20T09:00:00Z, got "${now}"`);

  // An empty token (a variable never set) would switch the controls' protection off without a word, and a short
  // one is guessed: refused, saying how to make one.
  const controlToken = values['control-token'] ?? env.STANDIN_CONTROL_TOKEN;
  if (controlToken !== undefined && controlToken.length < MIN_CONTROL_TOKEN) {
    fail(
      `--control-token must be at least ${MIN_CONTROL_TOKEN} characters, got ${controlToken.length === 0 ? 'an empty one' : `${controlToken.length}`}; make one with: node -e "console.log(require('crypto').randomBytes(16).toString('hex'))"`,
    );
  }

  const anyToken = anyTokenOption(values['any-token'], values['any-token-as'], env.STANDIN_ANY_TOKEN);

  // G13: each origin and host name checked here, so a typo is one line now rather than a refused page later.
  const corsOrigins = list(values['cors-origin'], env.STANDIN_CORS_ORIGINS);
  for (const origin of corsOrigins) {
    if (normalizeOrigin(origin) === null)
      fail(`--cors-origin must be an origin such as https://app.example.dev:8443 (no path), got "${origin}"`);
  }
  const allowedHosts = list(values['allowed-host'], env.STANDIN_ALLOWED_HOSTS);
  for (const host of allowedHosts) {
    if (allowedHostOf(host) === null)
      fail(`--allowed-host must be a host name such as demo.example.com, or .example.com for a domain, got "${host}"`);
  }

  const appUrl = values['app-url'] ?? env.STANDIN_APP_URL;
  if (appUrl !== undefined && !isAppUrl(appUrl))
    fail(
      `--app-url must be an http(s) URL such as https://app.example.com (the base of every url field, G10), got "${appUrl}"`,
    );
  const state = values.state ?? env.STANDIN_STATE;
  if (state !== undefined && statSync(state, { throwIfNoEntry: false })?.isDirectory())
    fail(
      `--state takes a file, and ${state} is a folder: give a file in it, such as ${join(state, 'standin-state.json')}`,
    );

  const faults = await faultProfile(values.faults ?? env.STANDIN_FAULTS, values.latency ?? env.STANDIN_LATENCY);
  const options: ServeOptions = {
    port: integer('--port', values.port ?? env.STANDIN_PORT, DEFAULT_PORT),
    host: values.host ?? env.STANDIN_HOST ?? DEFAULT_HOST,
    seed: integer('--seed', values.seed ?? env.STANDIN_SEED, DEFAULT_SEED, 0, MAX_SEED),
    now,
    size,
    appUrl,
    strict: flag(values.strict, env.STANDIN_STRICT),
    rateLimit: flag(values['rate-limit'], env.STANDIN_RATE_LIMIT),
    maxSessions: integer('--max-sessions', values['max-sessions'] ?? env.STANDIN_MAX_SESSIONS, DEFAULT_MAX_SESSIONS, 1),
    sessionTtlMs: duration('--session-ttl', values['session-ttl'] ?? env.STANDIN_SESSION_TTL, DEFAULT_SESSION_TTL_MS),
    controlToken,
    anyToken,
    corsOrigins,
    allowedHosts,
    memoryBudget: bytes('--memory-budget', values['memory-budget'] ?? env.STANDIN_MEMORY_BUDGET, DEFAULT_MEMORY_BUDGET),
    state,
    faults,
  };
  const { readyBanner, startServer } = await import('../server/start-server.js');
  const running = await startServer(options).catch((error: NodeJS.ErrnoException) =>
    fail(
      error.code === 'EADDRINUSE'
        ? `port ${options.port} on ${options.host} is in use; pick another with --port (0 takes a free one)`
        : error.message,
    ),
  );
  // This process is the server's alone, so it may tune V8 for a long-running server once the world is built
  // (building it under the setting took 20% longer): grow the heap by 5% at a time rather than by V8's dynamic
  // factor, which after a burst of 10,000 requests a second left the large world 46% over its resident size
  // at start (+9% this way, the burst's new records included).
  setFlagsFromString('--heap-growing-percent=5');
  const stop = (signal: string) => {
    process.stdout.write(`standin: ${signal} received, stopping\n`);
    void running.close().then((saved) => process.exit(saved ? 0 : 1));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  // Ready only once a signal would stop it cleanly.
  process.stdout.write(`${readyBanner(running, options.controlToken)}\n`);
}

await main(process.argv.slice(2));
