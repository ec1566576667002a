// `standin drift` as a user runs it: its options and refusals (one line, exit 2), its exit code by --fail-on,
// its formats and --out, production's description from a file, standard input or a URL with a token (sent to
// that origin only, never in clear beyond this machine), and a URL that answers 401, 500, an HTML page, too
// much, or nothing. In this process through runDrift, as main.ts calls it; the installed command twice.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDrift } from '../src/cli/drift.js';
import { SPEC_TEXT, specCopy } from './support/drift-pair.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const DIR = mkdtempSync(join(tmpdir(), 'standin-drift-'));
const SAME = join(DIR, 'same.yaml');
const BREAKING = join(DIR, 'breaking.json');
const COMPATIBLE = join(DIR, 'compatible.json');
const TOKEN = 'prod-token-7f3a';

async function drift(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runDrift(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

/** What the description server saw: each request's path and Authorization header. */
const seen: Array<{ path: string; authorization: string | undefined }> = [];
let servers: Server[] = [];
let base = '';
let other = '';

function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const server = createServer((request, response) => {
    seen.push({ path: request.url ?? '', authorization: request.headers.authorization });
    handler(request, response);
  });
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  writeFileSync(SAME, SPEC_TEXT);
  const breaking = specCopy();
  delete breaking.paths['/digest'];
  breaking.components.schemas.Mood.enum = breaking.components.schemas.Mood.enum.filter((m: string) => m !== 'goofy');
  writeFileSync(BREAKING, JSON.stringify(breaking));
  const compatible = specCopy();
  compatible.components.schemas.Goal.description = 'A goal.';
  writeFileSync(COMPATIBLE, JSON.stringify(compatible));
  // A second origin, to which the first redirects: the token must not follow.
  other = await listen((request, response) => {
    response.setHeader('content-type', 'application/yaml');
    response.end(SPEC_TEXT);
  });
  base = await listen((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path === '/openapi.yaml') {
      if (request.headers.authorization !== `Bearer ${TOKEN}`) {
        response.statusCode = 401;
        response.end('{"title":"Unauthorized"}');
        return;
      }
      response.setHeader('content-type', 'application/yaml');
      response.end(SPEC_TEXT);
    } else if (path === '/elsewhere') {
      response.writeHead(302, { location: `${other}/openapi.yaml` }).end();
    } else if (path === '/nowhere') {
      response.writeHead(302, { location: 'http://[::1' }).end();
    } else if (path === '/loop') {
      response.writeHead(302, { location: '/loop' }).end();
    } else if (path === '/login') {
      response.setHeader('content-type', 'text/html');
      response.end('<!doctype html><html><body><form>Sign in</form></body></html>');
    } else if (path === '/broken') {
      response.statusCode = 500;
      response.end('oops');
    } else if (path === '/huge') {
      // No Content-Length: the bound holds on the bytes as they come.
      response.setHeader('content-type', 'application/json');
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const more = () => {
        while (sent < 40) {
          sent++;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
        response.end();
      };
      response.on('error', () => undefined);
      more();
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
});

afterAll(() => {
  for (const server of servers) server.close();
  servers = [];
  rmSync(DIR, { recursive: true, force: true });
});

describe('standin drift: the command line', () => {
  it('--help shows the usage', async () => {
    const run = await drift('--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: standin drift <file-or-url> \[options\]\n/);
  });

  it.each([
    [
      [],
      "standin drift: give production's description (a file, - for standard input, or an http(s) URL), or --mcp and its MCP tools (standin drift --help lists the options)\n",
    ],
    [
      [SAME, SAME],
      `standin drift: one description at a time, got 2: ${SAME} ${SAME} (standin drift --help lists the options)\n`,
    ],
    [
      [SAME, '--format', 'html'],
      'standin drift: --format must be one of text, json, markdown, junit, got "html" (standin drift --help lists the options)\n',
    ],
    [
      [SAME, '--fail-on', 'major'],
      'standin drift: --fail-on must be one of breaking, any, never, got "major" (standin drift --help lists the options)\n',
    ],
    [
      [SAME, '--formt', 'json'],
      'standin drift: unknown option --formt: did you mean --format? (standin drift --help lists the options)\n',
    ],
    [[join(DIR, 'nowhere.yaml')], `standin drift: no file ${join(DIR, 'nowhere.yaml')}\n`],
    [[DIR], `standin drift: ${DIR} is not a file\n`],
    [
      ['ftp://example.com/openapi.yaml'],
      'standin drift: "ftp://example.com/openapi.yaml" is not an http(s) URL; give a file or an http(s) URL\n',
    ],
    [
      [join(ROOT, 'package.json')],
      `standin drift: ${join(ROOT, 'package.json')} is not an OpenAPI 3.0 or 3.1 description: it has no "openapi" field\n`,
    ],
  ])('refuses %j in one line, exit 2', async (argv, line) => {
    const run = await drift(...argv);
    expect(run).toEqual({ code: 2, stdout: '', stderr: line });
  });

  it('standin against its own spec: no difference, exit 0', async () => {
    const run = await drift(SAME);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      '0 breaking, 0 missing, 0 compatible\n\nNo difference: standin describes what production does.\n',
    );
    expect(run.stderr).toBe('');
  });

  it('breaking changes: exit 1 by default, 0 under --fail-on never; the enum says what the world emits', async () => {
    const run = await drift(BREAKING);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('2 breaking, 0 missing, 0 compatible');
    expect(run.stdout).toContain('  GET /digest  operation  [G4 G12 GO7 DG1 DG2 DG3 DG4]\n');
    expect(run.stdout).toContain(
      "standin answers `goofy`, which production does not declare (standin's world emits it)",
    );
    expect(run.stderr).toBe('standin drift: 2 breaking changes (--fail-on breaking)\n');
    expect((await drift(BREAKING, '--fail-on', 'never')).code).toBe(0);
  });

  it('compatible changes fail only under --fail-on any', async () => {
    expect((await drift(COMPATIBLE)).code).toBe(0);
    const any = await drift(COMPATIBLE, '--fail-on', 'any');
    expect(any.code).toBe(1);
    expect(any.stderr).toBe('standin drift: 1 change (--fail-on any)\n');
  });

  it('--format json prints the report document', async () => {
    const run = await drift(BREAKING, '--format', 'json');
    const report = JSON.parse(run.stdout) as { summary: unknown; changes: Array<Record<string, unknown>> };
    expect(Object.keys(report)).toEqual(['summary', 'changes']);
    expect(report.summary).toEqual({ breaking: 2, missing: 0, compatible: 0 });
    expect(report.changes[0]).toEqual({
      category: 'breaking',
      kind: 'operation',
      operation: 'GET /digest',
      production_pointer: null,
      standin_pointer: '/paths/~1digest/get',
      message: '`GET /digest`: standin answers it; production does not describe it',
      rules: ['G4', 'G12', 'GO7', 'DG1', 'DG2', 'DG3', 'DG4'],
    });
  });

  it('--out writes the report whole and prints the counts', async () => {
    const file = join(DIR, 'reports', 'drift.xml');
    const run = await drift(BREAKING, '--format', 'junit', '--out', file);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(`standin drift: 2 breaking, 0 missing, 0 compatible; the junit report is in ${file}\n`);
    const xml = readFileSync(file, 'utf8');
    expect(xml).toContain('<testsuites name="standin drift" tests="2" failures="2" errors="0" skipped="0">');
    expect(xml.match(/<failure /g)).toHaveLength(2);
  });

  it('--out to a folder, or under a file: one line, exit 2, nothing left behind', async () => {
    const folder = await drift(BREAKING, '--out', DIR);
    expect(folder).toEqual({
      code: 2,
      stdout: '',
      stderr: `standin drift: --out ${DIR} is a folder: give a file in it, such as ${join(DIR, 'drift.xml')}\n`,
    });
    const under = await drift(BREAKING, '--out', join(SAME, 'report.json'));
    expect(under).toEqual({
      code: 2,
      stdout: '',
      stderr: `standin drift: cannot write --out ${join(SAME, 'report.json')}: ${SAME} is a file, not a folder\n`,
    });
    expect(readdirSync(DIR).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('--format markdown for a pull request', async () => {
    const run = await drift(BREAKING, '--format', 'markdown');
    expect(run.stdout).toMatch(/^## standin drift\n\n\*\*2 breaking\*\*, 0 missing, 0 compatible: /);
  });
});

describe("standin drift: production's description from a URL", () => {
  it('a URL that needs a token: 401 without one, then read with it', async () => {
    const without = await drift(`${base}/openapi.yaml`);
    expect(without).toEqual({
      code: 2,
      stdout: '',
      stderr: `standin drift: ${base}/openapi.yaml answered 401: it needs a token (--token T, or STANDIN_DRIFT_TOKEN)\n`,
    });
    const wrong = await drift(`${base}/openapi.yaml`, '--token', 'nope');
    expect(wrong.stderr).toBe(
      `standin drift: ${base}/openapi.yaml answered 401: the token was not accepted (check it, and that it may read the description)\n`,
    );
    const right = await drift(`${base}/openapi.yaml?key=secret`, '--token', TOKEN);
    expect(right.code).toBe(0);
    // The label keeps no query: it may hold a secret.
    expect(right.stdout).toContain(
      `standin drift: ${base}/openapi.yaml (Goals, Check-ins and Echoes API 2.0.0) against`,
    );
    expect(right.stdout).not.toContain('secret');
  });

  it('a redirect to another origin takes no token along', async () => {
    seen.length = 0;
    const run = await drift(`${base}/elsewhere`, '--token', TOKEN);
    expect(run.code).toBe(0);
    expect(seen).toEqual([
      { path: '/elsewhere', authorization: `Bearer ${TOKEN}` },
      { path: '/openapi.yaml', authorization: undefined },
    ]);
  });

  it('a 401 after a redirect elsewhere says the token stayed behind', async () => {
    const protectedElsewhere = await listen((request, response) => {
      response.statusCode = request.headers.authorization ? 200 : 401;
      response.end();
    });
    const redirecting = await listen((request, response) => {
      response.writeHead(302, { location: `${protectedElsewhere}/openapi.yaml` }).end();
    });
    const run = await drift(`${redirecting}/openapi.yaml`, '--token', TOKEN);
    expect(run.stderr).toBe(
      `standin drift: ${protectedElsewhere}/openapi.yaml (redirected from ${redirecting}/openapi.yaml) answered 401: the token goes to ${redirecting} only, not to another origin; give the description's own URL\n`,
    );
  });

  it.each([
    [
      'credentials in the URL',
      () => [`http://user:pa55word@127.0.0.1:1/openapi.yaml?q=secret`],
      'standin drift: http://127.0.0.1:1/openapi.yaml: give credentials with --token or STANDIN_DRIFT_TOKEN, not in the URL\n',
    ],
    [
      'a token with a line break',
      () => [`${base}/openapi.yaml`, '--token', 'SEKRET\nTOKEN'],
      'standin drift: --token holds characters a bearer token cannot (a space or a line break?): give the token alone\n',
    ],
  ])('%s: refused before anything is sent, the secret never echoed', async (_name, argv, line) => {
    seen.length = 0;
    const run = await drift(...argv());
    expect(run).toEqual({ code: 2, stdout: '', stderr: line });
    expect(seen).toEqual([]);
  });

  it('a token over plain http to another machine is refused before anything is sent', async () => {
    const run = await drift('http://api.example.com/openapi.json', '--token', TOKEN);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'standin drift: --token would travel unencrypted to http://api.example.com/openapi.json: use its https URL (only loopback addresses may take a token over http)\n',
    });
  });

  it.each([
    ['/broken', (b: string) => `${b}/broken answered 500 Internal Server Error`],
    ['/login', (b: string) => `${b}/login is an HTML page, not an OpenAPI description (a login page or a docs site?)`],
    ['/loop', (b: string) => `${b}/loop redirected more than 5 times`],
    ['/nowhere', (b: string) => `${b}/nowhere redirected to a location that is no URL`],
    ['/huge', (b: string) => `${b}/huge answered over the 32 MiB a description may be`],
  ])('%s: one line, exit 2', async (path, line) => {
    const run = await drift(`${base}${path}`);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `standin drift: ${line(base)}\n` });
  });

  it('an unreachable URL: one line, exit 2', async () => {
    const closed = await listen(() => undefined);
    await new Promise<void>((resolve) => servers.at(-1)?.close(() => resolve()));
    const run = await drift(`${closed}/openapi.yaml`);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: `standin drift: cannot reach ${closed}/openapi.yaml: ECONNREFUSED\n`,
    });
  });
});

/** The installed command, run without blocking this process (whose server it may read from). */
function command(args: string[], options: { input?: Buffer; env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: options.env ?? process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(options.input);
  });
}

describe('standin drift: the installed command', () => {
  it('reads standard input, and the token from STANDIN_DRIFT_TOKEN', async () => {
    const stdin = await command(['drift', '-', '--format', 'json'], { input: readFileSync(BREAKING) });
    expect(stdin.status).toBe(1);
    expect((JSON.parse(stdin.stdout) as { summary: unknown }).summary).toEqual({
      breaking: 2,
      missing: 0,
      compatible: 0,
    });
    const url = await command(['drift', `${base}/openapi.yaml`], {
      env: { ...process.env, STANDIN_DRIFT_TOKEN: TOKEN },
    });
    expect(url.stderr).toBe('');
    expect(url.status).toBe(0);
  });
});
