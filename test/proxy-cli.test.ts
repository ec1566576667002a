// `standin proxy` as a person runs it (dist/, a child process): its banner, what it says on Ctrl-C with findings
// and without (the summary, the JUnit file, exit 1 or 0), and its refusals in one line with exit 2.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { NOW } from './support/harness.js';
import { exampleOn } from './support/doc-examples.js';
import { CLI } from './support/standin-process.js';
import { startUpstream, type Transform, type Upstream } from './support/upstream-server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'standin-proxy-cli-'));
const upstreams: Upstream[] = [];
afterAll(() => Promise.all(upstreams.map((u) => u.close())));

interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `standin proxy ARGS` to its end: `drive` runs once it listens (with its API's base URL), then SIGINT. */
function runProxy(
  args: string[],
  drive?: (baseUrl: string) => Promise<void>,
  where: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Ended> {
  const child = spawn(process.execPath, [CLI, 'proxy', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: where.cwd,
    env: { ...process.env, ...where.env },
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    let driven = false;
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const base = /forwarding (http:\/\/\S+\/api\/v2) to/.exec(stdout)?.[1];
      if (base && !driven) {
        driven = true;
        void (drive ?? (() => Promise.resolve()))(base).then(
          () => child.kill('SIGINT'),
          (error: Error) => {
            child.kill('SIGKILL');
            reject(error);
          },
        );
      }
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function upstream(transform?: Transform): Promise<Upstream> {
  const started = await startUpstream({ now: NOW }, transform);
  upstreams.push(started);
  return started;
}

const tokenOf = (u: Upstream) => u.mock.world.store.people.get(u.mock.world.defaultPersonId)!.tokens.readWrite;

describe('standin proxy', () => {
  it('prints the summary on Ctrl-C, writes the JUnit file, and exits 1 when the upstream broke a rule', async () => {
    // An upstream whose ETags are strong: G12, on every GET but the check-ins' (standin's decision).
    const broken = await upstream((_request, answer) => {
      const headers = new Headers(answer.headers);
      const etag = headers.get('etag');
      if (etag) headers.set('etag', etag.replace(/^W\//, ''));
      return { ...answer, headers };
    });
    const junit = join(dir, 'reports', 'proxy.xml');
    const ended = await runProxy(
      ['--upstream', `${broken.root}/api/v2`, '--port', '0', '--junit', junit],
      async (base) => {
        for (const path of ['/me', '/people', '/teams'])
          await (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${tokenOf(broken)}` } })).text();
      },
    );
    expect(ended.stderr).toBe('');
    expect(ended.code).toBe(1);
    expect(ended.stdout).toContain(`standin proxy: 3 exchanges with ${broken.root}: 3 checked`);
    expect(ended.stdout).toContain('3 findings in 3 exchanges, breaking 1 rule:');
    expect(ended.stdout).toMatch(
      / {2}G12 every-get \(decided\): 3 of 3 exchanges\n {4}GET \/api\/v2\/me → 200: a weak ETag/,
    );
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain('<testsuite name="decided" tests="2" failures="1"');
    expect(xml).toContain('name="G12 every-get: 3 exchanges"');
    expect(xml).toContain('<testsuite name="interface"');
  }, 30_000);

  it('exits 0 with no findings against a correct upstream, and --rules leaves out the sources not named', async () => {
    const good = await upstream();
    const ended = await runProxy(['--upstream', good.root, '--port', '0', '--rules', 'production'], async (base) => {
      await (await fetch(`${base}/me`, { headers: { authorization: `Bearer ${tokenOf(good)}` } })).text();
    });
    expect(ended.code).toBe(0);
    expect(ended.stdout).toContain('rules: production;');
    expect(ended.stdout).toMatch(/no findings: every answer kept the spec and the \d+ rules? it was checked against/);
  }, 30_000);

  it.each([
    [[], 'give the service to forward to: --upstream https://api.example.com'],
    [['--upstream', 'http://api.example.com'], 'plain http'],
    [['--upstream', 'https://user:pw@api.example.com'], 'must not carry credentials'],
    [['--upstream', 'ftp://x'], 'must be an http(s) URL'],
    [['--upstream', 'https://api.example.com', '--rules', 'prod'], '--rules takes a comma-separated list'],
    [['--upstream', 'https://api.example.com', '--timeout', 'soon'], '--timeout must be a duration'],
    [['--upstream', 'https://api.example.com', '--prot', '1'], 'unknown option --prot: did you mean --port?'],
  ])('refuses %j in one line, exit 2', async (args, said) => {
    const ended = await runProxy(args);
    expect(ended.code).toBe(2);
    expect(ended.stderr).toContain(said);
    expect(ended.stderr.trim().split('\n')).toHaveLength(1);
  });

  it("docs/proxy.md's example, as printed: the summary the page shows is the one it prints for that staging", async () => {
    const example = exampleOn('docs/proxy.md', 'shell', 'standin proxy');
    expect(example?.code).toMatch(/^npx standin proxy --upstream https:\/\/staging\.example\.com /);
    // Staging as docs/proxy.md describes it: strong ETags, goal updates listed oldest first.
    const staging = await upstream((request, answer) => {
      const headers = new Headers(answer.headers);
      const etag = headers.get('etag');
      if (etag) headers.set('etag', etag.replace(/^W\//, ''));
      const reversed = request.method === 'GET' && request.path.endsWith('/goal-updates');
      return { ...answer, headers, text: reversed ? JSON.stringify(JSON.parse(answer.text).reverse()) : answer.text };
    });
    const { store, defaultPersonId } = staging.mock.world;
    const goalId = store
      .updatesByPerson(defaultPersonId)
      .map((u) => u.goalId)
      .find((id) => new Set(store.updatesOfGoal(id).map((u) => u.createdAt)).size >= 2);
    const cwd = mkdtempSync(join(tmpdir(), 'standin-proxy-readme-'));
    const args = example.code
      .replace('npx standin proxy ', '')
      .replace('https://staging.example.com', staging.root)
      .split(' ');
    // The app's clicks: who am I, my goals, one goal's updates, my check-ins.
    const ended = await runProxy(
      args,
      async (base) => {
        for (const path of ['/me', '/goals?per_page=10', `/goals/${goalId}/goal-updates`, '/check-ins?per_page=5'])
          await (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${tokenOf(staging)}` } })).text();
      },
      { cwd, env: { STANDIN_PROXY_PORT: '0' } },
    );
    expect(ended.stderr).toBe('');
    expect(ended.code).toBe(1);
    const printed = readFileSync(join(ROOT, 'docs/proxy.md'), 'utf8')
      .split('```\nstandin proxy: ')[1]!
      .split('```')[0]!;
    const summary = ended.stdout
      .slice(ended.stdout.indexOf('standin proxy: '))
      .replaceAll(staging.root, 'https://staging.example.com');
    expect(summary).toBe(`standin proxy: ${printed}`);
    const har = JSON.parse(readFileSync(join(cwd, 'reports', 'session.har'), 'utf8'));
    expect(har.log.entries).toHaveLength(4);
    expect(readFileSync(join(cwd, 'reports', 'proxy.xml'), 'utf8')).toContain('<failure');
  }, 30_000);
});
