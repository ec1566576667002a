#!/usr/bin/env node
// The standin command line: `standin serve` (the mock), and the contract, drift, proxy and import commands.
// Flags win over STANDIN_* environment variables.
import { setFlagsFromString } from 'node:v8';
import { DEFAULT_MAX_SESSIONS } from '../runtime/session-defaults.js';
import { DEFAULT_SEED } from '../domain/world-base.js';
import { MAX_SEED } from '../http/option-rules.js';
import { DEFAULT_APP_URL } from '../http/present.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../server/defaults.js';
import { readServeOptions, ServeUsageError } from './serve-options.js';
// The server, the specs' validators and the kit load only once the command line is known good: a mistake
// is answered in a fraction of the time the mock takes to load.

const USAGE = `Usage: standin serve [options]
       standin contract --base-url URL --token T [options]   (standin contract --help)
       standin drift <file-or-url> [options]                 (standin drift --help)
       standin drift --mcp <file-or-url> [options]           (production's MCP tools against standin's)
       standin proxy --upstream URL [options]                (standin proxy --help)
       standin import --base-url URL --token T --out FILE    (standin import --help)
       standin mcp [--token T] [options]                     (standin mcp --help)

Options (each also as an environment variable):
  --port N          port to listen on (STANDIN_PORT, default ${DEFAULT_PORT}; 0 picks a free one)
  --host H          address to bind (STANDIN_HOST, default ${DEFAULT_HOST})
  --seed N          world seed 0-${MAX_SEED} (STANDIN_SEED, default ${DEFAULT_SEED}): same seed, same world
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
  --control-token T require Authorization: Bearer T on /__mock controls (STANDIN_CONTROL_TOKEN); needed with
                    a --host beyond loopback (0.0.0.0, ::, a LAN address) (G13)
  --unsafe-open-controls  start beyond loopback with the controls open to whoever reaches the port, on a network
                    that is yours alone (STANDIN_UNSAFE_OPEN_CONTROLS=1)
  --cors-origin O   also let pages of origin O (https://app.example.dev) use /__mock and the pages; repeatable
                    (STANDIN_CORS_ORIGINS, comma-separated). Loopback origins always may (G13)
  --allowed-host H  also answer requests for host name H (demo.example.com, or .example.com for a domain);
                    repeatable (STANDIN_ALLOWED_HOSTS, comma-separated). Loopback names and --host always (G13)
  --memory-budget M the most kept beyond the base world (sessions, snapshots, caches): 512MiB, 2GiB
                    (STANDIN_MEMORY_BUDGET, default 512MiB); over it, new sessions, snapshots and writes get 507
  --state FILE      keep the world in FILE across restarts; a write is answered once saved there (STANDIN_STATE)
  --tls-cert FILE   serve https with this PEM certificate (STANDIN_TLS_CERT); with --tls-key
  --tls-key FILE    the certificate's PEM private key, unencrypted (STANDIN_TLS_KEY)
  --request-timeout T  the most a whole request may take to arrive, 10s to 1h (STANDIN_REQUEST_TIMEOUT, default
                    30s): a large PUT /__mock/state over a slow link may need more (G8)
  --latency L       delay every API request: fixed:MS, uniform:MIN-MAX or lognormal:MEDIAN,SIGMA (STANDIN_LATENCY)
  --faults JSON     a latency and fault profile, as JSON or @file (STANDIN_FAULTS); see spec/control.yaml
  -h, --help        show this help`;

/** A mistake in the command line or the start: one line saying what to do, exit 2 (the usage is a flag away). */
function fail(message: string): never {
  process.stderr.write(`standin: ${message} (standin serve --help lists the options)\n`);
  process.exit(2);
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
  if (argv[0] === 'mcp') {
    const { runMcp } = await import('./mcp.js');
    process.exitCode = await runMcp(argv.slice(1), { stderr: (text) => process.stderr.write(text) });
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
  const options = await readServeOptions(argv, process.env).catch((error: Error) => {
    if (error instanceof ServeUsageError) fail(error.message);
    throw error;
  });
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
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
  // Its state file taken over by another server: stopped (the line is said), and a failure.
  void running.stoppedByItself.then(() => process.exit(1));
  // Ready only once a signal would stop it cleanly.
  process.stdout.write(`${readyBanner(running, options.controlToken)}\n`);
}

await main(process.argv.slice(2));
