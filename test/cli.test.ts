// `standin serve` as a real process on a real port: the banner, a request over the socket, env options, clean exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { defined } from './support/defined.js';
import { takenPort } from './support/taken-port.js';

const CLI = fileURLToPath(new URL('../dist/cli/standin.js', import.meta.url));
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Starts the CLI and resolves with its banner once it is ready. */
function start(
  args: string[],
  env: Record<string, string> = {},
  cwd?: string,
): Promise<{ child: ChildProcess; banner: string }> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first (npm test does)`);
  const child = spawn(process.execPath, [CLI, 'serve', ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('the contract:')) resolve({ child, banner: out });
    });
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => reject(new Error(`standin exited with ${code} before it was ready:\n${out}`)));
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** The exit code once the child's output is all read too ('exit' may come before the last of stderr). */
function endOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('close', (code) => resolve(code)));
}

/** Runs standin with `args` to its end: its exit code and what it wrote to stderr. */
async function runToEnd(...args: string[]): Promise<{ code: number | null; err: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let err = '';
  child.stderr?.on('data', (chunk) => (err += chunk));
  return { code: await endOf(child), err };
}

describe('standin serve', () => {
  it('prints where it serves and whose token to use, serves over HTTP, and exits 0 on SIGTERM', async () => {
    const { child, banner } = await start(['--port', '0', '--now', '2026-11-20T15:00:00Z']);
    const baseUrl = defined(/serving \/api\/v2 at (\S+)/.exec(banner)?.[1], 'the base URL in the banner');
    const token = defined(/token: (\S+)/.exec(banner)?.[1], 'a token in the banner');
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
    expect(banner).toContain('/__mock/tokens');
    const me = await fetch(`${baseUrl}/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    const person = await me.json();
    expect(banner).toContain(person.id);
    const reference = defined(/reference: (\S+)/.exec(banner)?.[1], 'the reference in the banner');
    expect(reference).toBe(baseUrl.replace('/api/v2', '/docs'));
    // Issue 18 item 6: the dashboard, what is in force, and a spec path that exists from where it was started.
    const dashboard = defined(/dashboard: (\S+)/.exec(banner)?.[1], 'the dashboard in the banner');
    expect(dashboard).toBe(baseUrl.replace('/api/v2', '/'));
    expect((await fetch(dashboard)).headers.get('content-type')).toMatch(/^text\/html/);
    expect(banner).toContain(
      '  in force: the defaults: no latency, faults or rate limits, unknown body fields ignored (standin serve --help)\n',
    );
    expect(banner).toContain('  the contract: spec/openapi.yaml');
    const docs = await fetch(reference);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain(`data-token="${token}"`);
    // From dist/, swagger-ui-dist is found and its files are served.
    const css = await fetch(`${reference}/swagger-ui.css`);
    expect([css.status, css.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
    const denied = await fetch(`${baseUrl}/me`);
    expect(denied.status).toBe(401);
    const tokens = await (await fetch(baseUrl.replace('/api/v2', '/__mock/tokens'))).json();
    expect(defined(tokens[0], 'a first token').read_write).toBe(token);
    const exit = exitOf(child);
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('takes options from STANDIN_* variables and exits 0 on SIGINT', async () => {
    const { child, banner } = await start([], {
      STANDIN_PORT: '0',
      STANDIN_SEED: '7',
      STANDIN_NOW: '2026-11-20T15:00:00Z',
      // G13: beyond loopback with no control token, started only on the user's word.
      STANDIN_HOST: '0.0.0.0',
      STANDIN_UNSAFE_OPEN_CONTROLS: '1',
    });
    expect(banner).toContain('at http://0.0.0.0:');
    expect(banner).toContain('seed 7');
    expect(banner).toContain('frozen at 2026-11-20T15:00:00Z');
    const exit = exitOf(child);
    child.kill('SIGINT');
    expect(await exit).toBe(0);
  });

  // One server for what two tests started one each for (a Node start and a world build apiece): the clock as
  // G3 writes it, the control token (MK1), and the options in force with every other flag the banner names.
  // Issue 18 item 6: after npx the working folder is the user's, and spec/openapi.yaml is not in it.
  it('prints the clock as G3 instants are written, names the options in force and the spec by a path that exists from another working folder, and with a control token points at it for the controls', async () => {
    const { child, banner } = await start(
      [
        ...['--port', '0', '--now', '2026-11-20T15:00:00.500Z', '--control-token', 's3cret-control-token'],
        // G13: beyond loopback, the control token is what lets it start.
        ...['--host', '0.0.0.0'],
        ...['--strict', '--rate-limit', '--latency', 'fixed:5'],
        ...['--faults', '{"rules": [{"path": "/api/v2/goals*", "faults": [{"kind": "drop", "rate": 0.1}]}]}'],
      ],
      {},
      tmpdir(),
    );
    expect(banner).toContain('clock frozen at 2026-11-20T15:00:00Z');
    expect(banner).not.toMatch(/\d\.\d{3}Z/);
    expect(banner).not.toContain('s3cret-control-token');
    expect(banner).not.toContain('GET http');
    expect(banner).toMatch(/__mock: tokens, reset, clock…\) need Authorization: Bearer <your --control-token>/);
    expect(banner).toContain(
      '  in force: strict bodies (G7: unknown fields refused), rate limits (G14), latency fixed:5, faults (1 rule), a control token (GET /__mock/faults shows the profile)\n',
    );
    // From the working folder it ran in: relative when the checkout is below it (a clone in /tmp), else absolute.
    const spec = resolve(tmpdir(), defined(/the contract: (\S+)/.exec(banner)?.[1], 'the spec in the banner'));
    expect(spec).toBe(fileURLToPath(new URL('../spec/openapi.yaml', import.meta.url)));
    expect(existsSync(spec)).toBe(true);
    const baseUrl = defined(/serving \/api\/v2 at (\S+)/.exec(banner)?.[1], 'the base URL in the banner');
    const controls = baseUrl.replace('/api/v2', '/__mock/tokens');
    expect((await fetch(controls)).status).toBe(401);
    expect((await fetch(controls, { headers: { authorization: 'Bearer s3cret-control-token' } })).status).toBe(200);
    child.kill('SIGTERM');
  });

  it('says in one line that a port is taken, and how to pick another', async () => {
    const { port, close } = await takenPort();
    try {
      const second = spawn(process.execPath, [CLI, 'serve', '--port', String(port)], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(second);
      let err = '';
      second.stderr.on('data', (chunk) => (err += chunk));
      expect(await endOf(second)).toBe(2);
      expect(err).toBe(
        `standin: port ${port} on 127.0.0.1 is in use; pick another with --port (0 takes a free one) (standin serve --help lists the options)\n`,
      );
    } finally {
      await close();
    }
  });

  it.each([
    [['--size', 'huge'], /--size must be small or large/],
    [['--port', 'eighty'], /--port must be a whole number/],
    [['--now', 'yesterday'], /--now must be an ISO datetime/],
    [['--colour'], /^standin: unknown option --colour \(standin serve --help lists the options\)\n$/],
    [['--prot', '4010'], /^standin: unknown option --prot: did you mean --port\? \(standin serve --help [^\n]*\n$/],
    [['--max-sessions', '0'], /^standin: --max-sessions must be at least 1, got 0 /],
    [['--latency', 'slow'], /latency "slow" is not fixed:MS/],
    [
      ['--faults', '{"rules": [{"faults": [{"kind": "error", "status": 418, "rate": 1}]}]}'],
      /--faults is not a valid profile/,
    ],
    [['--faults', '{oops'], /--faults must be a JSON profile/],
    // Issue 18 item 9: a negative seed gets the number it likely meant; a seed past the spec's range is refused here.
    [
      ['--seed', '-1'],
      /^standin: --seed must be a whole number from 0 to 2147483647, got -1; did you mean --seed 1\? /,
    ],
    [['--seed', '2147483648'], /^standin: --seed must be a whole number from 0 to 2147483647, got 2147483648 /],
    [
      ['--app-url', 'notaurl'],
      /^standin: --app-url must be an http\(s\) URL such as https:\/\/app\.example\.com .*got "notaurl" /,
    ],
    [
      ['--state', tmpdir()],
      /^standin: --state takes a file, and \S+ is a folder: give a file in it, such as \S+standin-state\.json /,
    ],
  ])('refuses %j with a clear message and exit code 2', async (args, message) => {
    const { code, err } = await runToEnd('serve', ...args);
    expect(code).toBe(2);
    expect(err).toMatch(message);
  });
});

describe('standin serve beyond loopback (G13)', () => {
  // The controls hand out every person's tokens and reset the world: on a port others reach, they need a token.
  it.each(['0.0.0.0', '::', '[::]', '192.168.1.20', 'demo.example.com'])(
    'refuses --host %s without --control-token in one line, exit code 2, nothing started',
    async (host) => {
      const { code, err } = await runToEnd('serve', '--port', '0', '--host', host);
      expect(code).toBe(2);
      expect(err).toBe(
        `standin: --host ${host} lets anyone who reaches it use the controls (/__mock: every person's tokens, reset, webhooks): give --control-token T (STANDIN_CONTROL_TOKEN), or --unsafe-open-controls (STANDIN_UNSAFE_OPEN_CONTROLS=1) if the network is yours alone (standin serve --help lists the options)\n`,
      );
    },
  );
});

describe('standin with a mistyped command', () => {
  it.each([
    ['serv', /^standin: unknown command "serv": did you mean standin serve\? /],
    ['contrct', /^standin: unknown command "contrct": did you mean standin contract\? /],
    ['drfit', /^standin: unknown command "drfit": did you mean standin drift\? /],
    ['proxi', /^standin: unknown command "proxi": did you mean standin proxy\? /],
    ['imprt', /^standin: unknown command "imprt": did you mean standin import\? /],
    ['mpc', /^standin: unknown command "mpc": did you mean standin mcp\? /],
    ['deploy', /^standin: unknown command "deploy"; the commands are serve, contract, drift, proxy, import and mcp /],
  ])('standin %s names the command meant, exit code 2', async (command, message) => {
    const { code, err } = await runToEnd(command);
    expect(code).toBe(2);
    expect(err).toMatch(message);
  });
});

describe('standin serve --state FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'standin-state-'));
  const NOW = ['--now', '2026-11-20T15:00:00Z'];

  async function createGoal(banner: string, title: string): Promise<string> {
    const baseUrl = /serving \/api\/v2 at (\S+)/.exec(banner)![1];
    const token = /token: (\S+)/.exec(banner)![1];
    const response = await fetch(`${baseUrl}/goals`, {
      method: 'POST',
      body: JSON.stringify({ title }),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    return ((await response.json()) as { id: string }).id;
  }

  it('a save that fails is reported and retried, never a crash; a stop after it exits 1', async () => {
    const sub = mkdtempSync(join(dir, 'gone-'));
    const file = join(sub, 'world.json');
    const running = await start(['--port', '0', '--state', file, ...NOW]);
    let err = '';
    running.child.stderr!.on('data', (chunk) => (err += chunk));
    rmSync(sub, { recursive: true });
    await createGoal(running.banner, 'Nowhere to save this');
    await expect.poll(() => err).toContain(`could not save the world to ${file}`);
    expect(running.child.exitCode).toBeNull();
    const exit = exitOf(running.child);
    running.child.kill('SIGTERM');
    expect(await exit).toBe(1);
  });
});

describe('npm start', () => {
  const ROOT = fileURLToPath(new URL('..', import.meta.url));

  // The README's start command, as a developer runs it: npm's own pid is what a terminal, a process manager or
  // a script stops. The server must stop with it, never stay orphaned on its port. Once as printed (prestart
  // builds first: tsc -b, the validators, the dashboard bundle), once with --ignore-scripts, which leaves out
  // only that prestart build (npm still runs the start script itself): the build has nothing to do with how a
  // signal reaches the server, and a second one cost 0.7 s of CPU and seconds of wall time on a busy box.
  it.each([
    ['SIGTERM', 'as printed'],
    ['SIGINT', 'without the prestart build'],
  ] as const)(
    'stops the server when npm gets %s (npm start %s)',
    async (signal, how) => {
      const scripts = how === 'as printed' ? [] : ['--ignore-scripts'];
      const npm = spawn(
        'npm',
        ['start', '--silent', ...scripts, '--', '--port', '0', '--now', '2026-11-20T15:00:00Z'],
        {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        },
      );
      children.push(npm);
      try {
        const banner = await new Promise<string>((resolve, reject) => {
          let out = '';
          npm.stdout.on('data', (chunk) => {
            out += chunk;
            if (out.includes('the contract:')) resolve(out);
          });
          npm.stderr.on('data', (chunk) => (out += chunk));
          npm.once('exit', (code) => reject(new Error(`npm start exited with ${code} before it was ready:\n${out}`)));
        });
        const baseUrl = defined(/serving \/api\/v2 at (\S+)/.exec(banner)?.[1], 'the base URL in the banner');
        expect((await fetch(`${baseUrl}/me`)).status).toBe(401);
        const exit = exitOf(npm);
        npm.kill(signal);
        await exit;
        await expect(fetch(`${baseUrl}/me`)).rejects.toThrow();
      } finally {
        // Whatever happened, nothing of the group stays behind.
        if (npm.pid) {
          try {
            process.kill(-npm.pid, 'SIGKILL');
          } catch {
            // The group is gone already.
          }
        }
      }
      // npm start builds first (tsc -b, incremental): seconds alone, past the default 20 s on a box under load.
    },
    90_000,
  );
});
