// Every code example of README.md runs as printed, so that a reader who copies one gets what it says. Each
// fenced block with a language is marked `<!-- example: KIND -->` on the line before it: `shell` blocks run in
// bash against a real `standin serve` (its port in place of 4010, as the reader's would be), `node` blocks as
// modules importing `standin` (the package itself), `browser` blocks in Chromium (test/browser), `package`
// blocks in .ci/package-check, `workflow` blocks (a CI workflow's steps) in test/readme-drift.test.ts, and `ci`
// blocks are the commands CI runs. A block without a mark fails here.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { defined } from './support/defined.js';
import { readmeExamples } from './support/readme-examples.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const NOW = '2026-11-20T15:00:00Z';
const servers: ChildProcess[] = [];
afterAll(() => {
  for (const server of servers) server.kill('SIGKILL');
});

/** A fresh `standin serve` on a free port, with the clock frozen so that the examples meet the same world. */
async function serve(): Promise<{ port: string; base: string }> {
  const server = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--now', NOW], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(server);
  const banner = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('the contract:')) resolve(out);
    });
    server.once('exit', (code) => reject(new Error(`standin serve exited with ${code}:\n${out}`)));
  });
  const base = defined(/serving \/api\/v2 at (\S+)/.exec(banner)?.[1], 'the base URL in the banner');
  return { port: defined(/:(\d+)\/api\/v2$/.exec(base)?.[1], 'the port'), base };
}

/** Runs bash code as printed but for the port (and what `rewrite` changes), failing on any failed command. */
function bash(
  code: string,
  env: Record<string, string> = {},
): { status: number | null; stdout: string; stderr: string } {
  return spawnSync('bash', ['-c', `set -euo pipefail\n${code}`], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

const examples = readmeExamples();
const shell = examples.filter((e) => e.kind === 'shell');

describe('README examples', () => {
  it('are all marked, and there are shell and node ones to run', () => {
    expect(shell.length).toBeGreaterThanOrEqual(5);
    expect(examples.filter((e) => e.kind === 'node').length).toBeGreaterThanOrEqual(2);
  });

  it('the curl examples (try it, the controls, faults) run in order against a server', async () => {
    const { port } = await serve();
    const walkthrough = shell.filter(
      (e) => /127\.0\.0\.1:4010\/(__mock|api\/v2)/.test(e.code) && !/contract/.test(e.code),
    );
    expect(walkthrough.length).toBeGreaterThanOrEqual(3);
    const code = walkthrough.map((e) => e.code.replaceAll('127.0.0.1:4010', `127.0.0.1:${port}`)).join('\n');
    const run = bash(code);
    expect(run.stderr, run.stderr).toBe('');
    expect(run.status).toBe(0);
    // What the examples say they show: the snapped update, the G5 and G6 problems, the controls' answers.
    expect(run.stdout).toContain('{"id":"b8469a6b-b4a4-4c36-8223-8a8e59e7a567","name":"Asa Graham",'); // the quick start's
    expect(run.stdout).toContain('"confidence":60,"confidence_description":"At risk"');
    expect(run.stdout).toContain('urn:standin:problem:array-parameter-form');
    expect(run.stdout).toContain('does not accept \\"me\\" (G6)');
    expect(run.stdout).toContain('more than 64 levels deep');
    expect(run.stdout).toContain('"frozen":');
    // The clock example's dates follow the clock (issue 18 item 8): a day after it, and back again by a reset.
    expect(run.stdout).toContain('{"now":"2026-11-21T09:00:00Z","frozen":true}');
    expect(run.stdout).toMatch(/"default_person_id":"[0-9a-f-]{36}","now":"2026-11-20T15:00:00Z","frozen":true\}/);
    expect(run.stdout).toContain('injected');
    expect(run.stdout).toMatch(/"status":200,[^\n]*"override":"override-1"/);
  });

  it('the contract kit examples run against a server, as printed but for where it is', async () => {
    // One server for them all, reset (MK2) to the world it started with before each: what a run wrote
    // (--modify-existing changes the person's own records) is thrown away, as a fresh server would start.
    // Each request on a connection of its own: one kept alive through a run is closed by the server (its
    // keepAliveTimeout) and could be taken again just as it closes ("fetch failed").
    const { port, base } = await serve();
    for (const example of shell.filter((e) => /contract/.test(e.code))) {
      const reset = await fetch(`http://127.0.0.1:${port}/__mock/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', connection: 'close' },
        body: JSON.stringify({ now: NOW }),
      });
      expect(reset.status).toBe(200);
      const tokens = (await (
        await fetch(`http://127.0.0.1:${port}/__mock/tokens`, { headers: { connection: 'close' } })
      ).json()) as Array<{
        read_write: string;
        read_only: string;
      }>;
      const code = example.code
        .replaceAll('127.0.0.1:4010', `127.0.0.1:${port}`)
        .replaceAll('https://staging.example.com/api/v2', base);
      const run = bash(code, {
        TOKEN: defined(tokens[0], 'a first person').read_write,
        OTHER_TOKEN: defined(tokens[1], 'a second person').read_write,
        READ_ONLY_TOKEN: defined(tokens[0], 'a first person').read_only,
      });
      // Issue 18 item 7: on a clean standin every example exits 0; what a flag leaves out (--modify-existing
      // not given) is reported apart and does not fail the run.
      expect(run.status, `README.md line ${example.line}:\n${run.stdout.slice(-2000)}\n${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/\d+ passed, 0 failed, \d+ not run/);
    }
    rmSync(join(ROOT, 'reports', 'contract.xml'), { force: true });
  });

  it('the node examples type-check against the package, then run as modules importing it', () => {
    const dir = join(ROOT, '.examples');
    mkdirSync(dir, { recursive: true });
    try {
      const node = examples.filter((e) => e.kind === 'node');
      for (const example of node) writeFileSync(join(dir, `readme-${example.line}.ts`), example.code);
      const tsc = spawnSync(
        process.execPath,
        [
          join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
          ...['--noEmit', '--strict', '--skipLibCheck', '--types', 'node'],
          ...['--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022'],
          ...node.map((example) => join(dir, `readme-${example.line}.ts`)),
        ],
        { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
      );
      expect(tsc.status, `tsc on README's TypeScript:\n${tsc.stdout}${tsc.stderr}`).toBe(0);
      for (const example of node) {
        const file = join(dir, `readme-${example.line}.mjs`);
        // Types stripped, nothing else: esbuild's transform keeps the module as written.
        writeFileSync(file, transformSync(example.code, { loader: 'ts', format: 'esm', target: 'node20' }).code);
        const run = spawnSync(process.execPath, [file], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
        expect(run.status, `README.md line ${example.line}:\n${run.stderr}`).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
