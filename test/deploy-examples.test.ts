// The container examples of README.md and docs/deploy.md (docker, Compose, Kubernetes probes, Testcontainers) agree
// with the Dockerfile and with what `standin serve` reads: no Docker runs here, so each is checked for what it
// names — the image, its port, its volume, its health check, the STANDIN_* variables — and .ci/image-check builds
// the image and runs it as they do. The image's own settings are read by standin serve's option reader as the
// container would: 0.0.0.0:4010, the state on /data, and a refusal without a control token. The health check
// script answers against a running server and fails against none.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readServeOptions, ServeUsageError } from '../src/cli/serve-options.js';
import { openControlsProblem } from '../src/server/bind-guard.js';
import { startServer } from '../src/server/start-server.js';
import { examplesOf, type Example } from './support/doc-examples.js';
import { NOW } from './support/harness.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const serveSource = readFileSync(join(ROOT, 'src', 'cli', 'serve-options.ts'), 'utf8');
const containerExamples = ['README.md', 'docs/deploy.md'].flatMap((page) =>
  examplesOf(page).filter((e) => e.kind === 'container'),
);

/** The final stage's instructions (after the last FROM), continuation lines joined. */
const finalStage = dockerfile
  .replace(/\\\n\s*/g, ' ')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .reduce<string[]>((stage, line) => (line.startsWith('FROM ') ? [line] : [...stage, line]), []);
const instruction = (name: string) =>
  finalStage.filter((line) => line.startsWith(`${name} `)).map((l) => l.slice(name.length + 1).trim());
/** The image's ENV, as `docker inspect` would list it. */
const imageEnv: Record<string, string> = Object.fromEntries(
  instruction('ENV').flatMap((line) => [...line.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])),
);

/** The STANDIN_* names an example uses. */
const variablesOf = (example: Example) => [...new Set(example.code.match(/STANDIN_[A-Z_]+/g) ?? [])];

describe('the Dockerfile', () => {
  it('serves on 0.0.0.0:4010 as a user that is not root, under tini, with its state on the /data volume', () => {
    expect(imageEnv).toMatchObject({ STANDIN_HOST: '0.0.0.0', STANDIN_PORT: '4010' });
    expect(imageEnv.STANDIN_STATE).toMatch(/^\/data\/[\w.-]+$/);
    expect(instruction('EXPOSE')).toEqual(['4010']);
    expect(instruction('VOLUME')).toEqual(['/data']);
    const [user] = instruction('USER');
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(instruction('ENTRYPOINT')[0]).toMatch(/^\["\/usr\/bin\/tini", "--", /);
    expect(instruction('HEALTHCHECK')[0]).toMatch(/CMD \["\/usr\/local\/bin\/standin-health"\]$/);
    expect(dockerfile).toMatch(/^ARG BASE=debian:bookworm-slim$/m);
  });

  it('is read by standin serve as the container runs it: the options it means, and a refusal without a control token', async () => {
    const options = await readServeOptions(['serve'], {
      ...imageEnv,
      STANDIN_CONTROL_TOKEN: 'a-control-token-of-the-test',
    });
    expect(options).toMatchObject({
      host: '0.0.0.0',
      port: 4010,
      state: imageEnv.STANDIN_STATE,
      controlToken: 'a-control-token-of-the-test',
    });
    const refused = await readServeOptions(['serve'], imageEnv).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ServeUsageError);
    expect((refused as Error).message).toContain('STANDIN_CONTROL_TOKEN');
  });

  it('its health check answers against a running server and fails against none', async () => {
    const running = await startServer({ port: 0, host: '127.0.0.1', now: NOW });
    const port = new URL(running.baseUrl).port;
    // Run apart (not spawnSync): the server answers from this process's event loop.
    const health = () =>
      new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const child = spawn('bash', [join(ROOT, '.ci', 'image-health')], { env: { STANDIN_PORT: port } });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('close', (status) => resolve({ status, stderr }));
      });
    try {
      const run = await health();
      expect(run.status, run.stderr).toBe(0);
    } finally {
      await running.close();
    }
    expect((await health()).status).not.toBe(0);
  });
});

describe('the container examples of README.md and docs/deploy.md', () => {
  it('are there: docker run and Compose in both, Testcontainers for Node in both and for Java and Go in the docs', () => {
    for (const page of ['README.md', 'docs/deploy.md']) {
      const code = containerExamples.filter((e) => e.page === page).map((e) => e.code);
      expect(
        code.some((c) => c.includes('docker run')),
        page,
      ).toBe(true);
      expect(
        code.some((c) => c.includes('services:')),
        page,
      ).toBe(true);
      expect(
        code.some((c) => c.includes("from 'testcontainers'")),
        page,
      ).toBe(true);
    }
    const languages = containerExamples.filter((e) => e.page === 'docs/deploy.md').map((e) => e.language);
    expect(languages).toEqual(expect.arrayContaining(['java', 'go']));
  });

  it.each(containerExamples.map((e) => [`${e.page} line ${e.line}`, e] as const))(
    '%s names only variables standin serve reads, the image, its port and its volume',
    (_, example) => {
      for (const name of variablesOf(example)) expect(serveSource, name).toContain(`env.${name}`);
      if (/docker run|GenericContainer|services:/.test(example.code)) {
        expect(example.code).toContain('STANDIN_CONTROL_TOKEN');
        expect(example.code).toMatch(/\bstandin\b/);
      }
      if (/docker run|services:|-v /.test(example.code)) {
        expect(example.code).toMatch(/:\/data\b/);
        // No fixed host name: the state file's lock is taken over by its heartbeat, whatever host wrote it (a
        // restarted container's is new), and an example must not teach the old workaround.
        expect(example.code).not.toMatch(/--hostname|hostname:/);
      }
      if (/4010/.test(example.code)) expect(example.code).not.toMatch(/\b40(?!10)\d\d\b/);
    },
  );

  it('the Compose files and probes parse, and their settings start standin serve in the image', async () => {
    const yamls = containerExamples.filter((e) => e.language === 'yaml');
    expect(yamls.length).toBeGreaterThanOrEqual(2);
    for (const example of yamls) {
      const document = parse(example.code) as Record<string, unknown>;
      const services = document.services as Record<string, Record<string, unknown>> | undefined;
      if (services) {
        const standin = services.standin;
        expect(standin?.image).toBe('standin');
        expect(standin?.ports).toEqual(['4010:4010']);
        expect(standin?.volumes).toEqual([expect.stringMatching(/:\/data$/)]);
        // The variables as Compose hands them over (the ${…:?} form takes the value set in the shell).
        const environment = Object.fromEntries(
          Object.entries(standin?.environment as Record<string, string>).map(([k, v]) => [
            k,
            v.replace(/^\$\{\w+:\?[^}]*\}$/, 'from-the-shell'),
          ]),
        );
        const options = await readServeOptions(['serve'], { ...imageEnv, ...environment });
        expect(options).toMatchObject({ host: '0.0.0.0', port: 4010, controlToken: 'from-the-shell' });
        // depends_on service_healthy needs the image's HEALTHCHECK.
        if (services.app) expect(JSON.stringify(services.app)).toContain('service_healthy');
      } else {
        expect(JSON.stringify(document)).toContain('"port":4010');
        expect(JSON.stringify(document)).toContain('"path":"/"');
      }
    }
  });

  it('docs/deploy.md prints the refusal as standin words it', () => {
    const page = readFileSync(join(ROOT, 'docs', 'deploy.md'), 'utf8');
    expect(page).toContain(`standin: ${openControlsProblem('0.0.0.0', undefined, false)}`);
  });
});
