// `standin contract` as a real process against `standin serve` on a real port, with vitest unresolvable (as in
// a project that never installed it): the one-line preflight stops (server down, token unknown or read-only, a
// wrong --rules), a run's progress on stderr, its report, JUnit file and exit code, with nothing left behind in
// the temporary folder, and an interrupted run that still removes what it created.
import { createServer as createHttpServer } from 'node:http';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from './support/defined.js';

const CLI = fileURLToPath(new URL('../dist/cli/standin.js', import.meta.url));
let server: ChildProcess;
let baseUrl: string;
let token: string;
let readOnlyToken: string;
/** The kit's own temporary folder, so that a test can see it left nothing there. */
const tmp = mkdtempSync(join(tmpdir(), 'standin-contract-cli-'));

beforeAll(async () => {
  server = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--now', '2026-11-20T15:00:00Z'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const banner = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk) => {
      out += chunk;
      if (out.includes('the contract:')) resolve(out);
    });
    server.once('exit', (code) => reject(new Error(`standin exited with ${code}: ${out}`)));
  });
  baseUrl = defined(/serving \/api\/v2 at (\S+)/.exec(banner)?.[1], 'the base URL in the banner');
  token = defined(/token: (\S+)/.exec(banner)?.[1], 'a token in the banner');
  const tokens = (await (await fetch(`${baseUrl.replace(/\/api\/v2$/, '')}/__mock/tokens`)).json()) as Array<{
    read_only: string;
  }>;
  readOnlyToken = defined(tokens[0], 'a first token').read_only;
});

afterAll(() => {
  server.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

/** A resolve hook that finds no vitest: the command must not need the test runner a user may not have. */
const NO_VITEST_HOOK = `export async function resolve(specifier, context, next) {
  if (/^vitest(\\/|$)/.test(specifier))
    throw Object.assign(new Error('Cannot find package vitest'), { code: 'ERR_MODULE_NOT_FOUND' });
  return next(specifier, context);
}`;
const WITHOUT_VITEST = `data:text/javascript,${encodeURIComponent(
  `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(NO_VITEST_HOOK)}`)});`,
)}`;

/**
 * A load hook that refuses the MCP SDK's client, known by a sentence of its transport's source whichever chunk of
 * the bundle holds it: a run without --mcp must load none of it (its start does not grow).
 */
const NO_MCP_CLIENT_HOOK = `export async function load(url, context, next) {
  const loaded = await next(url, context);
  if (loaded.source && Buffer.from(loaded.source).toString().includes('StreamableHTTPClientTransport already started'))
    throw new Error('the MCP SDK client was loaded: ' + url);
  return loaded;
}`;
const WITHOUT_MCP_CLIENT = `data:text/javascript,${encodeURIComponent(
  `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(NO_MCP_CLIENT_HOOK)}`)});`,
)}`;

/**
 * Runs `standin contract` with the given arguments; a child process, so that exit codes and stdio are real.
 * `onStderr` sees stderr as it grows, with the child (to interrupt it); `imports` are preloaded hooks.
 */
function contract(
  args: string[],
  onStderr?: (stderr: string, child: ChildProcess) => void,
  imports: string[] = [WITHOUT_VITEST],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const preload = imports.flatMap((hook) => ['--import', hook]);
  const child = spawn(process.execPath, [...preload, CLI, 'contract', ...args], {
    env: { ...process.env, TMPDIR: tmp },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    onStderr?.(stderr, child);
  });
  // 'close', not 'exit': only then has all of the output been read.
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
}

describe('standin contract: the preflight', () => {
  it('stops in one line when the server is down', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const { port } = probe.address() as AddressInfo;
    probe.close();
    const { status, stdout, stderr } = await contract([
      '--base-url',
      `http://127.0.0.1:${port}/api/v2`,
      '--token',
      't',
    ]);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([
      `standin contract: cannot reach http://127.0.0.1:${port}/api/v2 (ECONNREFUSED): is the server running, and is the URL right?`,
    ]);
  });

  // Issue 18 item 7: without --token this once said "--token is required" of a server that was not there.
  it('stops in one line when the server is down, no --token given: cannot reach, not --token', async () => {
    const probe = createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const { port } = probe.address() as AddressInfo;
    probe.close();
    const { status, stderr } = await contract(['--base-url', `http://127.0.0.1:${port}/api/v2`]);
    expect(status).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([
      `standin contract: cannot reach http://127.0.0.1:${port}/api/v2 (ECONNREFUSED): is the server running, and is the URL right?`,
    ]);
  });

  it('asks for --token, in one line, of a server that answers but is not standin', async () => {
    const other = createHttpServer((_, response) => response.writeHead(401).end()).listen(0, '127.0.0.1');
    await once(other, 'listening');
    const { port } = other.address() as AddressInfo;
    try {
      const { status, stderr } = await contract(['--base-url', `http://127.0.0.1:${port}/api/v2`]);
      expect(status).toBe(2);
      expect(stderr.trim().split('\n')).toEqual([
        `standin contract: --token is required: http://127.0.0.1:${port}/api/v2 answers, but it is not a standin mock with /__mock/tokens to take one from`,
      ]);
    } finally {
      other.close();
    }
  });

  it('stops in one line when the token is unknown', async () => {
    const { status, stderr } = await contract(['--base-url', baseUrl, '--token', 'nobody']);
    expect(status).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining('does not know the token: GET')]);
  });

  it('stops in one line when the token is read-only and the run would write', async () => {
    const { status, stderr } = await contract(['--base-url', baseUrl, '--token', readOnlyToken]);
    expect(status).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining('the token is read-only')]);
  });

  it.each(['', '/api', '/v2', '/api/v1', '/api/v2/me'])(
    'stops when the base URL ends in %j, not /api/v2, and GET /me is not found under it, naming the base meant',
    async (end) => {
      const origin = baseUrl.replace(/\/api\/v2$/, '');
      const given = `${origin}${end}`;
      const { status, stderr } = await contract(['--base-url', given, '--token', token]);
      expect(status).toBe(2);
      expect(stderr.trim().split('\n')).toEqual([
        `standin contract: GET ${given.replace(/\/+$/, '')}/me answered 404: the base URL must end with the version segment /api/v2 (G1), such as ${origin}/api/v2; got ${given}`,
      ]);
    },
  );

  it('answers a wrong --rules, or a mistyped option, with one line saying what it takes', () => {
    const { status, stderr } = spawnSync(
      process.execPath,
      [CLI, 'contract', '--base-url', baseUrl, '--token', token, '--rules', 'interface,prod'],
      { encoding: 'utf8' },
    );
    expect(status).toBe(2);
    expect(stderr).toContain('not "prod"');
    expect(stderr).toContain('(standin contract --help lists the options)');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    const typo = spawnSync(process.execPath, [CLI, 'contract', '--base-ur', baseUrl], { encoding: 'utf8' });
    expect(typo.status).toBe(2);
    expect(typo.stderr).toBe(
      'standin contract: unknown option --base-ur: did you mean --base-url? (standin contract --help lists the options)\n',
    );
  });
});

describe('standin contract: a run', () => {
  it('reports by group and source, leaves decided rules out under --rules, writes every check to JUnit with skip reasons, and leaves nothing behind', async () => {
    const junit = join(tmp, 'out', 'contract.xml');
    // No --token: against standin the kit takes the first person's from /__mock/tokens.
    const { status, stdout, stderr } = await contract([
      '--base-url',
      baseUrl,
      '--read-only',
      '--rules',
      'interface,production',
      '--junit',
      junit,
    ]);
    // Issue 18 item 7: what --read-only leaves out is the run's choice, reported apart: the run exits 0.
    expect(status).toBe(0);
    const last = defined(stdout.trim().split('\n').at(-1), 'a last line of output');
    const summary = defined(
      /^(\d+) passed, (\d+) failed, (\d+) not run \((\d+) because of --read-only\)$/.exec(last),
      `a summary, got "${last}"`,
    );
    const passed = Number(summary[1]);
    const failed = Number(summary[2]);
    const notRun = Number(summary[3]);
    expect(Number(summary[4])).toBe(notRun);
    expect(stdout).toContain(
      "not run because of --read-only (the run's choice; only --require-full-coverage fails on them):",
    );
    expect(failed).toBe(0);
    expect(passed).toBeGreaterThan(20);
    expect(notRun).toBeGreaterThan(0);
    expect(stdout).toContain('rules: interface, production');
    expect(stdout).toMatch(/left out by --rules: \d+ decided/);
    expect(stdout).not.toMatch(/^decided\s/m);

    const xml = readFileSync(junit, 'utf8');
    expect((xml.match(/<testcase /g) ?? []).length).toBe(passed + failed + notRun);
    expect((xml.match(/<skipped message="not run: [^"]+"\/>/g) ?? []).length).toBe(notRun);
    expect(xml).toContain(
      `<testsuites name="standin contract" tests="${passed + notRun}" failures="0" errors="0" skipped="${notRun}"`,
    );
    expect(xml).toContain('<property name="source" value="production"/>');
    // The JUnit folder is the only thing the run wrote.
    expect(readdirSync(tmp)).toEqual(['out']);
    expect(readdirSync(join(tmp, 'out'))).toEqual(['contract.xml']);

    // Progress went to stderr: the count, one line per group with a mark per check, then the cleanup.
    const progress = stderr.trim().split('\n');
    expect(progress[0]).toBe(`standin contract: running ${passed + failed + notRun} checks`);
    expect(progress.at(-1)).toBe('standin contract: removing what the run created');
    const marks = progress
      .slice(1, -1)
      .map((line) => line.slice(40))
      .join('');
    expect([...marks].filter((mark) => mark === '·').length).toBe(passed);
    expect([...marks].filter((mark) => mark === '-').length).toBe(notRun);
    expect(marks).toHaveLength(passed + notRun);
  });

  it('stops at an interrupt after the check under way, removes what it created, reports what ran, and exits 130', async () => {
    let interrupted = false;
    const { status, stdout, stderr } = await contract(['--base-url', baseUrl], (text, child) => {
      // Once the goals begin, the run has created records of its own.
      if (!interrupted && text.includes('Goals (')) {
        interrupted = true;
        child.kill('SIGINT');
      }
    });
    expect(status).toBe(130);
    expect(stderr).toContain('standin contract: interrupted; removing what this run created\n');
    expect(stderr.trim().split('\n').at(-1)).toBe('standin contract: removing what the run created');
    expect(stdout).toContain('the run was interrupted before this check');
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^\d+ passed, 0 failed, \d+ not run$/);
    const goals: Array<{ title: string }> = [];
    for (let page = 1; ; page++) {
      const response = await fetch(`${baseUrl}/goals?per_page=50&page=${page}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as Array<{ title: string }>;
      goals.push(...body);
      if (body.length < 50) break;
    }
    expect(goals.length).toBeGreaterThan(0);
    expect(goals.filter((goal) => goal.title.startsWith('[standin-contract]'))).toEqual([]);
    // The run's session went with the interrupt too.
    expect(await controls('/sessions')).toEqual([]);
  });
});

/** A control's answer (GET /__mock/…) of the server the runs check. */
async function controls(path: string): Promise<unknown> {
  return (await fetch(`${baseUrl.replace(/\/api\/v2$/, '')}/__mock${path}`)).json();
}

/** The journal's entries of the API requests made since the one numbered `after`, by session. */
async function sessionsSince(after: number): Promise<Map<string | null, number>> {
  const entries = (await controls(`/requests?after=${after}&limit=1000`)) as Array<{ session: string | null }>;
  const by = new Map<string | null, number>();
  for (const { session } of entries) by.set(session, (by.get(session) ?? 0) + 1);
  return by;
}

/** The seq of the journal's newest entry: what a run's requests come after. */
async function lastSeq(): Promise<number> {
  const [newest] = (await controls('/requests?limit=1')) as Array<{ seq: number }>;
  return newest?.seq ?? 0;
}

describe('standin contract: the world it writes into (MK5)', () => {
  it('works in a session of its own, every request naming it, and drops it: the shared world sees nothing', async () => {
    const after = await lastSeq();
    const counts = ((await controls('/world')) as { counts: unknown }).counts;
    const { status, stdout } = await contract(['--base-url', baseUrl, '--rules', 'interface']);
    expect(status).toBe(0);
    const session = defined(
      /X-Mock-Session: (standin-contract-[\w.-]+), dropped at the end/.exec(stdout)?.[1],
      'the session',
    );
    expect([...(await sessionsSince(after)).keys()]).toEqual([session]);
    expect(((await controls('/world')) as { counts: unknown }).counts).toEqual(counts);
    expect(await controls('/sessions')).toEqual([]);
  });

  it('with --shared-world, writes into the shared world', async () => {
    const after = await lastSeq();
    const { status, stdout } = await contract(['--base-url', baseUrl, '--rules', 'interface', '--shared-world']);
    expect(status).toBe(0);
    expect(stdout).toContain('\nagainst standin, in its shared world (--shared-world)\n');
    expect([...(await sessionsSince(after)).keys()]).toEqual([null]);
    const writes = (await controls(`/requests?after=${after}&method=POST&limit=1000`)) as Array<{ path: string }>;
    expect(writes.filter((entry) => entry.path === '/api/v2/goals').length).toBeGreaterThan(0);
  });
});

describe('standin contract --mcp: the kit against an MCP server', () => {
  it("checks standin's /mcp alone with --mcp-only, the API beside it (MCP1), in a session of its own, per rule source and in JUnit", async () => {
    const root = baseUrl.replace(/\/api\/v2$/, '');
    const junit = join(tmp, 'mcp', 'contract.xml');
    const after = await lastSeq();
    const { status, stdout } = await contract(['--mcp', `${root}/mcp`, '--mcp-only', '--junit', junit]);
    expect(status).toBe(0);
    expect(stdout).toContain(`standin contract: ${baseUrl} — `);
    expect(stdout).toMatch(/^MCP \(MCP2, MCP3, MCP5, GO7, G8\) +30 {6}0 {7}0$/m);
    expect(stdout).toMatch(/^production +5 {7}0 {7}0$/m);
    expect(stdout.trim().split('\n').at(-1)).toBe('30 passed, 0 failed, 0 not run');
    // The tool calls reached the API in the run's session, as its REST requests did: the shared world saw none.
    const session = defined(/X-Mock-Session: (standin-contract-[\w.-]+),/.exec(stdout)?.[1], 'the session');
    expect([...(await sessionsSince(after)).keys()]).toEqual([session]);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain('<testsuite name="mcp" tests="30" failures="0" errors="0" skipped="0">');
    expect(xml).toContain(
      'name="MCP5 no token: 401 with WWW-Authenticate: Bearer before any MCP message">\n      <properties><property name="rule" value="MCP5"/><property name="source" value="production"/>',
    );
    rmSync(join(tmp, 'mcp'), { recursive: true });
  });

  it('loads none of the MCP SDK when --mcp is not given (a start that does not grow), and all of it when it is', async () => {
    const hooks = [WITHOUT_VITEST, WITHOUT_MCP_CLIENT];
    const rest = await contract(['--base-url', baseUrl, '--read-only', '--rules', 'interface'], undefined, hooks);
    expect(rest.status, rest.stderr).toBe(0);
    // The hook's own proof: the same hook stops a run that does load the client.
    const root = baseUrl.replace(/\/api\/v2$/, '');
    const mcp = await contract(['--mcp', `${root}/mcp`, '--mcp-only', '--read-only'], undefined, hooks);
    expect(mcp.status).not.toBe(0);
    expect(mcp.stdout).toContain('the MCP SDK client was loaded');
  });

  it('says --mcp in its usage, and refuses --mcp-only without it', () => {
    const help = spawnSync(process.execPath, [CLI, 'contract', '--help'], { encoding: 'utf8' });
    expect(help.stdout).toContain('--mcp URL');
    const alone = spawnSync(process.execPath, [CLI, 'contract', '--base-url', baseUrl, '--mcp-only'], {
      encoding: 'utf8',
    });
    expect(alone.status).toBe(2);
    expect(alone.stderr).toContain('--mcp-only needs --mcp URL');
  });
});

describe('standin contract --explore: sequences with the domain as the oracle (issue 37)', () => {
  it('explores within its budget from a seed, reports per rule with the seed in its last lines, and in JUnit', async () => {
    const junit = join(tmp, 'explore.xml');
    const { status, stdout } = await contract([
      '--base-url',
      baseUrl,
      '--token',
      token,
      '--rules',
      'decided',
      '--explore',
      '--explore-requests',
      '300',
      '--explore-seed',
      '7',
      '--junit',
      junit,
    ]);
    expect(status, stdout.slice(-2000)).toBe(0);
    expect(stdout).toMatch(/^Explored sequences \(issue 37[^\n]*\d+\s+0\s+0$/m);
    // The budget holds (shrinking, with no failure, sends nothing more); the seed is there to replay.
    const explored = defined(
      /^explored: (\d+) sequences, (\d+) requests in [\d.]+ s, seed 7; no failure/m.exec(stdout),
      'the explored line',
    );
    expect(Number(explored[2])).toBeGreaterThanOrEqual(300);
    expect(Number(explored[2])).toBeLessThan(300 + 40);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain('over explored sequences, a refused write changes nothing');
  }, 120_000);

  it('refuses explore options without --explore, and a budget or seed that is not a whole number', () => {
    for (const [args, said] of [
      [['--explore-seed', '3'], '--explore-seed needs --explore'],
      [['--explore', '--explore-requests', '0'], '--explore-requests takes a whole number of at least 1, not "0"'],
      [['--explore', '--explore-seed', 'x'], '--explore-seed takes a whole number of at least 0, not "x"'],
    ] as const) {
      const run = spawnSync(process.execPath, [CLI, 'contract', '--base-url', baseUrl, ...args], { encoding: 'utf8' });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(said);
    }
  });
});
