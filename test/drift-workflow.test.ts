// docs/drift.md as printed: the nightly workflow's steps (those after `npm ci`, which a clone has done) run in
// bash, in order, against a server playing production (its description behind a token, which the workflow takes
// from its secrets), with what each step must leave behind; and the report the page shows is the one `standin
// drift` prints for that description, word for word.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { defined } from './support/defined.js';
import { specCopy } from './support/drift-pair.js';
import { examplesOf } from './support/doc-examples.js';
import { npxEnv } from './support/npx-env.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TOKEN = 'production-read-only-token';
const DESCRIPTION = join(ROOT, 'reports', 'production-openapi.json');
const JUNIT = join(ROOT, 'reports', 'drift.xml');

/** Production's description as docs/drift.md's example has it: no `GET /digest`, no `goofy`, goals' `archived_at`, longer update titles. */
function productionDescription(): string {
  const spec = specCopy();
  delete spec.paths['/digest'];
  spec.components.schemas.Mood.enum = spec.components.schemas.Mood.enum.filter((m: string) => m !== 'goofy');
  spec.components.schemas.Goal.properties.archived_at = { type: ['string', 'null'], format: 'date-time' };
  spec.components.schemas.GoalUpdateInput.properties.title.maxLength = 2000;
  spec.info = { title: 'Goals API', version: '2.4.1' };
  return JSON.stringify(spec);
}

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}

/** bash as a workflow step runs it, without blocking this process (whose server the step reads from). */
function bash(
  code: string,
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-eo', 'pipefail', '-c', code], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

let server: Server | undefined;
const npx = npxEnv();
const summaryDir = join(tmpdir(), `standin-drift-workflow-${process.pid}`);

afterAll(() => {
  npx.remove();
  server?.close();
  rmSync(summaryDir, { recursive: true, force: true });
  rmSync(DESCRIPTION, { force: true });
  rmSync(JUNIT, { force: true });
});

describe("docs/drift.md's example", () => {
  it('the nightly workflow downloads with the token, summarises, fails on the breaking changes and leaves the JUnit file to publish', async () => {
    const workflows = examplesOf('docs/drift.md').filter((e) => e.kind === 'workflow');
    expect(workflows).toHaveLength(1);
    const workflow = parse(defined(workflows[0], 'the workflow').code) as { jobs: { drift: { steps: Step[] } } };
    const steps = workflow.jobs.drift.steps;
    const install = steps.findIndex((step) => step.run === 'npm ci');
    expect(install).toBeGreaterThan(0);

    const description = productionDescription();
    const asked: Array<string | undefined> = [];
    server = createServer((request, response) => {
      asked.push(request.headers.authorization);
      if (request.url !== '/api/v2/openapi.json' || request.headers.authorization !== `Bearer ${TOKEN}`) {
        response.statusCode = request.url === '/api/v2/openapi.json' ? 401 : 404;
        response.end();
        return;
      }
      response.setHeader('content-type', 'application/json');
      response.end(description);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    mkdirSync(summaryDir, { recursive: true });
    const summary = join(summaryDir, 'summary.md');
    writeFileSync(summary, '');

    const ran: Array<{ name: string; status: number | null }> = [];
    for (const step of steps.slice(install + 1)) {
      if (step.run === undefined) continue;
      // The repository's secrets: the test's token in their place.
      const env = Object.fromEntries(
        Object.entries(step.env ?? {}).map(([name, value]) => [
          name,
          value.replace(/\$\{\{ secrets\.\w+ \}\}/g, TOKEN),
        ]),
      );
      const run = await bash(step.run.replaceAll('https://api.example.com', base), {
        ...npx.env,
        ...env,
        GITHUB_STEP_SUMMARY: summary,
      });
      ran.push({ name: step.name ?? step.run, status: run.status });
      if (run.status !== 0)
        expect(run.stderr, step.name).toBe('standin drift: 2 breaking changes (--fail-on breaking)\n');
    }
    expect(ran).toEqual([
      { name: "Download production's API description", status: 0 },
      { name: "The report on the run's page", status: 0 },
      { name: "Compare with standin's spec (fails on breaking changes)", status: 1 },
    ]);
    expect(asked).toEqual([`Bearer ${TOKEN}`]);
    expect(readFileSync(DESCRIPTION, 'utf8')).toBe(description);
    expect(readFileSync(summary, 'utf8')).toMatch(/^## standin drift\n\n\*\*2 breaking\*\*, 1 missing, 1 compatible: /);
    const publish = defined(steps.at(-1), 'the publishing step');
    expect(publish.if).toBe('always()');
    expect(publish.with?.report_paths).toBe('reports/drift.xml');
    expect(readFileSync(JUNIT, 'utf8')).toContain(
      '<testsuites name="standin drift" tests="4" failures="2" errors="0" skipped="0">',
    );

    // The report the page prints for this description.
    const shown = defined(
      /update titles, `npx standin drift reports\/production-openapi\.json` prints \(and exits 1\):\n\n```\n([\s\S]*?)\n```/.exec(
        readFileSync(join(ROOT, 'docs', 'drift.md'), 'utf8'),
      )?.[1],
      "docs/drift.md's printed report",
    );
    const printed = await bash('npx standin drift reports/production-openapi.json', npx.env);
    expect(printed.status).toBe(1);
    expect(printed.stdout).toBe(`${shown}\n`);
  });
});
