// Every code example of README.md and docs/ runs as printed, so that a reader who copies one gets what it says.
// Each fenced block with a language is marked `<!-- example: KIND -->` on the line before it: `shell` blocks run
// in bash against a real `standin serve` (its port in place of 4010, as the reader's would be), each page's in
// order in one shell, as a reader goes down the page; `node` blocks as modules importing `standin` (the package
// itself); `browser` blocks in Chromium (test/browser); `package` blocks in .ci/package-check; `workflow` blocks
// (a CI workflow's steps) in test/drift-workflow.test.ts; `container` blocks (docker, Compose, Testcontainers: no
// Docker here) are checked against the Dockerfile by test/deploy-examples.test.ts, and .ci/image-check runs the
// image as they do; `ci` blocks are the commands CI runs; and a block whose
// mark says `run by FILE` is run there. A block without a mark fails here.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { defined } from './support/defined.js';
import { documentedExamples, documentedPages, type Example } from './support/doc-examples.js';
import { npxEnv } from './support/npx-env.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const NOW = '2026-11-20T15:00:00Z';
const servers: ChildProcess[] = [];
const npx = npxEnv();
afterAll(() => {
  npx.remove();
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

/** Back to the world the server started with (MK2), on a connection of its own (see the kit's examples). */
async function resetTo(port: string): Promise<void> {
  const reset = await fetch(`http://127.0.0.1:${port}/__mock/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ now: NOW }),
  });
  expect(reset.status).toBe(200);
}

/** Runs bash code as printed, failing on any failed command. */
function bash(
  code: string,
  env: Record<string, string> = {},
): { status: number | null; stdout: string; stderr: string } {
  return spawnSync('bash', ['-c', `set -euo pipefail\n${code}`], {
    cwd: ROOT,
    env: { ...npx.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

const examples = documentedExamples();
const isKit = (e: Example) => /standin contract|npm run contract/.test(e.code);
/** The shell examples a reader runs against `npm start`, page by page. */
const walkthroughs = documentedPages()
  .map((page) => ({
    page,
    blocks: examples.filter((e) => e.page === page && e.kind === 'shell' && e.runBy === null && !isKit(e)),
  }))
  .filter(({ blocks }) => blocks.length > 0);

/** What each page's examples say they show, in their output. */
const SHOWN: Record<string, Array<string | RegExp>> = {
  'README.md': [
    '{"id":"b8469a6b-b4a4-4c36-8223-8a8e59e7a567","name":"Asa Graham",',
    'urn:standin:problem:array-parameter-form',
    '"method":"GET","path":"/api/v2/goals?people_ids=me","status":400,', // the journal's entry of that 400
    /"default_person_id":"b8469a6b-b4a4-4c36-8223-8a8e59e7a567","now":"2026-11-27T15:00:00Z","frozen":true\}/,
  ],
  'docs/tour.md': [
    '"confidence":60,"confidence_description":"At risk"',
    'urn:standin:problem:array-parameter-form',
    'does not accept \\"me\\" (G6)',
    'more than 64 levels deep',
    /"status":422,[^\n]*"name":"email"/,
    '"kind":"api","group":"Deploys","title":"Deploys","description":"Shipped 2.4","url":"https://ci.example.com/runs/42"',
    /\}401\n/, // the wrong hook token
    '"secret":"whsec_',
    /\]204\n/, // the subscription deleted
  ],
  'docs/mcp.md': [
    '"structuredContent":{"id":"b8469a6b-b4a4-4c36-8223-8a8e59e7a567","name":"Asa Graham",',
    'people_ids[] does not accept \\"me\\" (G6)',
    '"isError":true',
    /\}401\n/, // no token: 401 before any MCP message
    'No difference: standin describes what production does.', // standin drift --mcp against its own /mcp
  ],
  'docs/controls.md': [
    '"frozen":',
    // The clock example's dates follow the clock (issue 18 item 8): a day after it, and back again by a reset.
    '{"now":"2026-11-21T09:00:00Z","frozen":true}',
    /"default_person_id":"[0-9a-f-]{36}","now":"2026-11-20T15:00:00Z","frozen":true\}/,
    'injected',
    /"status":200,[^\n]*"override":"override-1"/,
    // MCP6: what decided an answer: the fault Prefer asked for, then the parameter G8 refused.
    '"decided_by":{"kind":"fault","rule":"MK6","sentence":"An injected 503 from Prefer: code=503 answered 503 in place of the world (MK6); the operation did not run."}',
    '"decided_by":{"kind":"validation","rule":"G8","sentence":"Validation (G8) refused the query parameter \\"people_ids\\": people_ids is not the form of an array parameter',
  ],
};

describe('the examples of README.md and docs/', () => {
  it('are all marked, and every page that runs shell examples says what they show', () => {
    expect(walkthroughs.map(({ page }) => page).sort()).toEqual(Object.keys(SHOWN).sort());
    expect(examples.filter((e) => e.kind === 'node').length).toBeGreaterThanOrEqual(4);
  });

  it.each(examples.filter((e) => e.runBy !== null).map((e) => [`${e.page} line ${e.line}`, e] as const))(
    '%s is run by the test its mark names, which reads it from its page',
    (_, example) => {
      const runBy = defined(example.runBy, 'the test that runs it');
      expect(existsSync(join(ROOT, runBy))).toBe(true);
      expect(readFileSync(join(ROOT, runBy), 'utf8')).toContain(`'${example.page}'`);
    },
  );

  it('each page’s curl examples run in order against a server, and show what they say', async () => {
    const { port } = await serve();
    for (const { page, blocks } of walkthroughs) {
      await resetTo(port);
      const code = blocks.map((e) => e.code.replaceAll('127.0.0.1:4010', `127.0.0.1:${port}`)).join('\n');
      const run = bash(code);
      expect(run.stderr, `${page}: ${run.stderr}`).toBe('');
      expect(run.status, page).toBe(0);
      for (const shown of SHOWN[page] ?? []) {
        if (typeof shown === 'string') expect(run.stdout, page).toContain(shown);
        else expect(run.stdout, page).toMatch(shown);
      }
    }
  });

  it('the contract kit examples run against a server, as printed but for where it is', async () => {
    // One server for them all, reset (MK2) to the world it started with before each: what a run wrote
    // (--modify-existing changes the person's own records) is thrown away, as a fresh server would start.
    // Each request on a connection of its own: one kept alive through a run is closed by the server (its
    // keepAliveTimeout) and could be taken again just as it closes ("fetch failed").
    const { port, base } = await serve();
    const kit = examples.filter((e) => e.kind === 'shell' && isKit(e));
    expect(kit.length).toBeGreaterThanOrEqual(2);
    for (const example of kit) {
      await resetTo(port);
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
      expect(run.status, `${example.page} line ${example.line}:\n${run.stdout.slice(-2000)}\n${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/\d+ passed, 0 failed, \d+ not run/);
    }
    rmSync(join(ROOT, 'reports', 'contract.xml'), { force: true });
  });

  it('the node examples type-check against the package, then run as modules importing it', () => {
    // Under the package, as an app's folder is beside its node_modules: `standin` resolves to this package.
    mkdirSync(join(ROOT, '.examples'), { recursive: true });
    const dir = mkdtempSync(join(ROOT, '.examples', 'doc-examples-'));
    const fileOf = (example: Example, extension: string) =>
      join(dir, `${example.page.replace(/\W/g, '-')}-${example.line}.${extension}`);
    try {
      const node = examples.filter((e) => e.kind === 'node');
      for (const example of node) writeFileSync(fileOf(example, 'ts'), example.code);
      const tsc = spawnSync(
        process.execPath,
        [
          join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
          ...['--noEmit', '--strict', '--skipLibCheck', '--types', 'node'],
          ...['--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022'],
          ...node.map((example) => fileOf(example, 'ts')),
        ],
        { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
      );
      expect(tsc.status, `tsc on the pages' TypeScript:\n${tsc.stdout}${tsc.stderr}`).toBe(0);
      for (const example of node) {
        const file = fileOf(example, 'mjs');
        // Types stripped, nothing else: esbuild's transform keeps the module as written.
        writeFileSync(file, transformSync(example.code, { loader: 'ts', format: 'esm', target: 'node20' }).code);
        const run = spawnSync(process.execPath, [file], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
        expect(run.status, `${example.page} line ${example.line}:\n${run.stderr}`).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
