// `standin proxy`: forwards /api/v2 (and the activity hook) to --upstream, checks every exchange against the spec
// and the rules one exchange shows, and says what it found: live on its page and in its journal, and on Ctrl-C
// (SIGINT) or SIGTERM a summary on stdout and the JUnit file of --junit. Exit 0 when nothing was found, 1 when
// something was, 2 when it could not start (one line saying why).
import { join } from 'node:path';
import { PACKAGE_ROOT, packageText } from '../spec/spec-files.js';
import { parseRuleSources, type RuleSource } from '../spec/rule-sources.js';
import { allowedHostOf } from '../server/host-check.js';
import { argsOrExit, commandOptions } from './option-errors.js';

const PROXY_USAGE = `Usage: standin proxy --upstream URL [options]

Forwards every request under /api/v2 (and the activity hook's /hooks) to URL, staging or production, and
passes each answer back as it came; checks every exchange as standin contract's client does (the status
documented, the content type, the schema) and against the rules one exchange shows (G3, G4, G8, G10, G12, G14,
GO5, GU2, the order of newest-first lists), each finding with its rule and the rule's source. Point your app
at http://127.0.0.1:4020/api/v2 (its own token goes through to the upstream, never stored).
  --upstream URL     the service's root or its /api/v2 (STANDIN_UPSTREAM); https, or http on this machine
  --port N           port to listen on (STANDIN_PROXY_PORT, default 4020; 0 picks a free one)
  --host H           address to bind (default 127.0.0.1)
  --allowed-host H   also answer requests for host name H; repeatable (G13: loopback names always)
  --har FILE         write every exchange to FILE as HAR 1.2, bodies included, tokens redacted
  --rules SOURCES    report findings of rules from these sources only: interface, production, decided
                     (comma-separated; default all)
  --junit FILE       on exit, write the findings per rule as JUnit XML to FILE
  --timeout T        how long the upstream may stay silent: 30s (default), 2m; then 504 from the proxy
  -h, --help         show this help
The page at / shows the exchanges and their findings live; GET /__mock/requests is the journal.
Ctrl-C prints the summary and writes --junit. Exit codes: 0 no findings, 1 findings, 2 could not start.`;

/** The proxy's default port: beside the mock's 4010, so both can run. */
const DEFAULT_PROXY_PORT = 4020;

/** A mistake on the command line: answered with a pointer to --help. */
class ProxyUsageError extends Error {}

interface ProxyArgs {
  upstream: string;
  port: number;
  host: string;
  allowedHosts: string[];
  har: string | undefined;
  rules: RuleSource[] | undefined;
  junit: string | undefined;
  timeoutMs: number;
}

/**
 * @example readProxyArgs(['--upstream', 'https://api.example.com']).port // 4020
 */
function readProxyArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ProxyArgs | 'help' {
  const known = {
    upstream: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    'allowed-host': { type: 'string', multiple: true },
    har: { type: 'string' },
    rules: { type: 'string' },
    junit: { type: 'string' },
    timeout: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  const { values } = commandOptions(argv, known, (message) => new ProxyUsageError(message));
  if (values.help) return 'help';
  const upstream = values.upstream ?? env.STANDIN_UPSTREAM;
  if (!upstream) throw new ProxyUsageError('give the service to forward to: --upstream https://api.example.com');
  const portText = values.port ?? env.STANDIN_PROXY_PORT ?? String(DEFAULT_PROXY_PORT);
  if (!/^\d+$/.test(portText) || Number(portText) > 65_535)
    throw new ProxyUsageError(`--port must be a whole number from 0 to 65535, got "${portText}"`);
  let rules: RuleSource[] | undefined;
  if (values.rules !== undefined) {
    const read = parseRuleSources(values.rules);
    if ('error' in read) throw new ProxyUsageError(read.error);
    rules = read;
  }
  const timeout = /^(\d+)(ms|s|m)?$/.exec(values.timeout ?? '30s');
  if (!timeout || Number(timeout[1]) === 0)
    throw new ProxyUsageError(`--timeout must be a duration such as 30s, 2m or 500ms, got "${values.timeout}"`);
  const allowedHosts = values['allowed-host'] ?? [];
  for (const host of allowedHosts)
    if (allowedHostOf(host) === null)
      throw new ProxyUsageError(`--allowed-host must be a host name such as demo.example.com, got "${host}"`);
  for (const [name, file] of [
    ['--har', values.har],
    ['--junit', values.junit],
  ] as const)
    if (file === '') throw new ProxyUsageError(`${name} needs a file name`);
  return {
    upstream,
    port: Number(portText),
    host: values.host ?? '127.0.0.1',
    allowedHosts,
    har: values.har,
    rules,
    junit: values.junit,
    timeoutMs: Number(timeout[1]) * { ms: 1, s: 1000, m: 60_000 }[(timeout[2] ?? 's') as 'ms' | 's' | 'm'],
  };
}

/** Where the command writes, and how it learns to stop: the process's in use, a test's in a test. */
export interface ProxyIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Resolves when the proxy is to stop (SIGINT or SIGTERM in use). */
  stopped: Promise<unknown>;
  /** Told once the proxy listens, with where (a test reads it). */
  listening?(origin: string): void;
}

/**
 * Runs the proxy until `io.stopped`, then prints the summary, writes --junit and resolves with the exit code.
 * @example process.exitCode = await runProxy(process.argv.slice(3), io)
 */
export async function runProxy(argv: string[], io: ProxyIo): Promise<number> {
  const args = argsOrExit('proxy', () => readProxyArgs(argv), ProxyUsageError, PROXY_USAGE, io);
  if (typeof args === 'number') return args;
  const [{ startProxy }, { UpstreamError }, { summaryText, writeJunit }] = await Promise.all([
    import('../proxy/proxy-server.js'),
    import('../proxy/upstream.js'),
    import('../proxy/proxy-report.js'),
  ]);
  const version = (JSON.parse(packageText(join(PACKAGE_ROOT, 'package.json'))) as { version: string }).version;
  let proxy;
  const started = performance.now();
  try {
    proxy = await startProxy({ ...args, version, warn: (message) => io.stderr(`standin proxy: ${message}\n`) });
  } catch (error) {
    const { code, message } = error as Error & { code?: string };
    const why =
      error instanceof UpstreamError
        ? message
        : code === 'EADDRINUSE'
          ? `port ${args.port} is in use: pick another with --port, or 0 for any free one`
          : code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR'
            ? `could not write --har ${args.har} (${code}): check the folder exists and is writable`
            : message;
    io.stderr(`standin proxy: ${why}\n`);
    return 2;
  }
  io.stdout(
    [
      `standin proxy is forwarding ${proxy.baseUrl} to ${proxy.upstream.root}/api/v2`,
      `  point your app at ${proxy.baseUrl}: its token goes to the upstream, never stored or shown`,
      `  findings, live: ${proxy.origin}/   journal: ${proxy.origin}/__mock/requests`,
      ...(args.har ? [`  every exchange to ${args.har} (HAR 1.2, tokens redacted)`] : []),
      `  rules: ${args.rules ? args.rules.join(', ') : 'interface, production and decided'}; Ctrl-C for the summary${args.junit ? ` and ${args.junit}` : ''}`,
      '',
    ].join('\n'),
  );
  io.listening?.(proxy.origin);
  await io.stopped;
  await proxy.close();
  const summary = proxy.tally.summary();
  io.stdout(summaryText(summary, proxy.upstream.root));
  if (args.junit) {
    try {
      await writeJunit(args.junit, summary, proxy.upstream.root, (performance.now() - started) / 1000);
      io.stdout(`JUnit: ${args.junit}\n`);
    } catch (error) {
      io.stderr(`standin proxy: could not write --junit ${args.junit} (${(error as Error).message})\n`);
      return 2;
    }
  }
  return summary.findings > 0 ? 1 : 0;
}
