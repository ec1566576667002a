// standin import end to end, as the issue asks it to be proven: standin (seed 7, rate limits on, 503s from a fault
// profile) as the source; the import finishes within the limits (never two 429s in a row); a second standin serves
// the file, and every record and relation read back is the anonymised source's; the leak scan finds nothing; the
// kit passes against it; the same salt gives the same bytes; an interrupted import goes on without reading again
// what it has. The reader's waits run on a clock shared with the source, so the limits cost no real time.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkContract } from '../contract-tests/kit/check-contract.js';
import { runImport } from '../src/cli/import.js';
import { anonymise } from '../src/import/anonymise.js';
import { tokensOf } from '../src/import/org-records.js';
import { SOURCE_KINDS } from '../src/import/source-org.js';
import type { FaultProfileSpec } from '../src/runtime/fault-profile.js';
import { startProxy } from '../src/proxy/proxy-server.js';
import { startServer, type RunningMock } from '../src/server/start-server.js';
import { NOW } from './support/harness.js';
import { orgInProcess } from './support/org-in-process.js';
import { exampleOn } from './support/doc-examples.js';
import { importArgs } from './support/import-args.js';
import { CLI } from './support/standin-process.js';

// Each import here spawns standin and reads a whole organisation: 15 s on a quiet box, over 60 s at a load of 12 to 20,
// so the hooks and tests that run one get 300 s (what they assert is the output, not the time).
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const SINCE = '2026-10-21';
/** 503s on one GET in twelve, from the seeded stream (MK6), with a Retry-After of 1 s. */
const FAULTS: FaultProfileSpec = {
  seed: 3,
  rules: [
    { methods: ['GET'], path: '/api/v2/*', faults: [{ kind: 'error', status: 503, rate: 1 / 12, retry_after: 1 }] },
  ],
};

let source: RunningMock;
let token: string;
const dir = mkdtempSync(join(tmpdir(), 'standin-import-cli-'));
const realNow = Date.now.bind(Date);
let ahead = 0;

beforeAll(async () => {
  source = await startServer({ port: 0, host: '127.0.0.1', seed: 7, now: NOW, rateLimit: true, faults: FAULTS });
  token = source.mock.world.store.people.get(source.mock.world.defaultPersonId)!.tokens.readOnly;
});
afterAll(() => source.close());
afterEach(() => vi.restoreAllMocks());

/** Runs `standin import ARGS` in-process on a clock shared with the source: a wait moves both on at once. */
async function importing(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + ahead);
  let stdout = '';
  let stderr = '';
  const code = await runImport(args, {
    stdout: (text) => (stdout += text),
    stderr: { write: (text: string) => (stderr += text) },
    now: () => Date.now(),
    sleep: (ms) => {
      ahead += ms;
      return Promise.resolve();
    },
  });
  vi.restoreAllMocks();
  return { code, stdout, stderr };
}

const common = (out: string) =>
  importArgs(
    { baseUrl: source.baseUrl, token, out, since: SINCE, cache: join(dir, 'cache'), saltFile: join(dir, 'salt') },
    '--comments',
  );

describe('standin import from a standin with rate limits and 503s', () => {
  const out = join(dir, 'org.json');
  let first: Awaited<ReturnType<typeof importing>>;

  it('stops at --max-requests with what it read cached, then goes on without reading any of it again', async () => {
    // The person's burst spent with their other token: the read meets a 429 at once (G14).
    const readWrite = source.mock.world.store.people.get(source.mock.world.defaultPersonId)!.tokens.readWrite;
    for (let i = 0; i < 100; i++) {
      const response = await fetch(`${source.baseUrl}/me`, { headers: { authorization: `Bearer ${readWrite}` } });
      await response.arrayBuffer();
      if (response.status === 429) break;
    }
    const before = source.mock.journal.last;
    const stopped = await importing([...common(out), '--max-requests', '150']);
    expect(stopped.code).toBe(2);
    expect(stopped.stderr).toMatch(/stopped after 150 requests.*run it again with the same cache to go on/);
    expect(stopped.stderr).toContain('made a new salt');
    expect(readFileSync(join(dir, 'salt'), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    // A fixed salt from here on (the stopped run anonymised nothing yet): the world, and so the kit's run on it,
    // is the same every time the test runs.
    writeFileSync(join(dir, 'salt'), 'the salt of test/import-cli.test.ts\n');
    first = await importing(common(out));
    expect(first.code, first.stdout + first.stderr).toBe(0);
    // Each answer read once over both runs: no path answered 200 twice (the journal holds every request).
    const answered = source.mock.journal
      .list({ after: before, limit: 1000 })
      .filter((entry) => entry.status === 200)
      .map((entry) => entry.path);
    expect(answered.length).toBeGreaterThan(500);
    expect(new Set(answered).size).toBe(answered.length);
    // Never two 429s in a row.
    const statuses = source.mock.journal
      .list({ after: before, limit: 1000 })
      .reverse()
      .map((entry) => entry.status);
    expect(statuses).toContain(429);
    expect(statuses.some((status, i) => status === 429 && statuses[i + 1] === 429)).toBe(false);
    expect(statuses).toContain(503);
    expect(first.stdout).toContain('leak scan: no source id, name, username, email or run of four words');
    expect(statSync(out).mode & 0o777).toBe(0o600);
  }, 300_000);

  it('writes the same bytes with the same salt (read from its cache this time)', async () => {
    const bytes = readFileSync(out);
    const again = await importing(common(join(dir, 'again.json')));
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/read \S+: 0 requests/);
    expect(readFileSync(join(dir, 'again.json')).equals(bytes)).toBe(true);
  });

  it('imports a standin proxy capture (--from-har) to the same bytes as the API read through it', async () => {
    const har = join(dir, 'capture.har');
    const proxy = await startProxy({ upstream: source.baseUrl, port: 0, host: '127.0.0.1', har });
    const through = join(dir, 'through.json');
    try {
      const read = await importing([
        ...common(through).map((arg) =>
          arg === source.baseUrl ? proxy.baseUrl : arg === join(dir, 'cache') ? join(dir, 'cache-2') : arg,
        ),
      ]);
      expect(read.code, read.stderr).toBe(0);
      await proxy.settled();
    } finally {
      await proxy.close();
    }
    const fromHar = await importing([
      '--from-har',
      har,
      '--out',
      join(dir, 'from-har.json'),
      '--since',
      SINCE,
      '--comments',
      '--salt-file',
      join(dir, 'salt'),
    ]);
    expect(fromHar.code, fromHar.stdout + fromHar.stderr).toBe(0);
    expect(fromHar.stdout).not.toContain('the capture lacks');
    expect(readFileSync(join(dir, 'from-har.json')).equals(readFileSync(through))).toBe(true);
    expect(readFileSync(through).equals(readFileSync(out))).toBe(true);
    expect(readFileSync(har, 'utf8')).not.toContain(token);
  }, 300_000);

  describe('served by a second standin', () => {
    let served: RunningMock;
    const salt = () => readFileSync(join(dir, 'salt'));
    beforeAll(async () => {
      served = await startServer({ port: 0, host: '127.0.0.1', state: out });
    });
    afterAll(() => served.close());

    it("holds every record and relation of the source, anonymised: read back, it is the anonymiser's output", async () => {
      const { faults, rateLimit } = source.mock;
      source.mock.faults = null;
      source.mock.rateLimit = false;
      const original = await orgInProcess(source.mock, SINCE);
      source.mock.faults = faults;
      source.mock.rateLimit = rateLimit;
      const expected = anonymise(original, { salt: salt(), appUrl: 'https://app.standin.test' });
      const back = await orgInProcess(served.mock, SINCE);
      expect(back.me).toEqual(expected.me);
      for (const kind of SOURCE_KINDS) {
        expect(back[kind].length, kind).toBe(original[kind].length);
        if (kind === 'echoQuestions') continue;
        // A team's members are listed by name (PT2): the names are new, so is their order.
        const members = (list: unknown[]) =>
          kind === 'teams'
            ? (list as typeof expected.teams).map((t) => ({
                ...t,
                people: [...t.people].sort((a, b) => (a.id < b.id ? -1 : 1)),
              }))
            : list;
        expect(members(back[kind]), kind).toEqual(members(expected[kind]));
      }
      // Nothing of the source's people is served: not their names, nor their tokens.
      const text = JSON.stringify(back);
      for (const person of original.people) expect(text).not.toContain(person.name);
      expect((await fetch(`${served.baseUrl}/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    });

    it('passes the contract kit', async () => {
      const run = await checkContract({
        baseUrl: served.baseUrl,
        token: tokensOf(salt(), served.mock.world.defaultPersonId).readWrite,
      });
      expect(run.ok, run.text).toBe(true);
      // 307 checks of a few requests each: 25 s on a quiet box, over 60 at a load of 20 (the test is of answers).
    }, 300_000);
  });
});

describe('standin import from a source whose clock is frozen in the past, with no --since', () => {
  // The source's Date header is this machine's clock; its records stop at 2026-05-06. A window counted back from
  // the Date read no check-in and no activity, and the kit could not run 31 of its checks on the world made.
  const at = join(dir, 'past');
  const out = join(at, 'org.json');
  let past: RunningMock;
  let ran: Awaited<ReturnType<typeof importing>>;
  beforeAll(async () => {
    // Seed 7: its last 30 days hold an absent check-in, which CI9 needs to run (the import keeps what it reads and
    // makes none up; seed 42's hold none, and against its import CI9 alone does not run).
    past = await startServer({ port: 0, host: '127.0.0.1', seed: 7, now: '2026-05-06T12:00:00Z' });
    mkdirSync(at);
    writeFileSync(join(at, 'salt'), 'the salt of the frozen source\n');
    const person = past.mock.world.store.people.get(past.mock.world.defaultPersonId)!;
    ran = await importing([
      '--base-url',
      past.baseUrl,
      '--token',
      person.tokens.readOnly,
      '--out',
      out,
      '--cache',
      join(at, 'cache'),
      '--salt-file',
      join(at, 'salt'),
    ]);
  }, 300_000);
  afterAll(() => past.close());

  it('reads the 30 days up to the newest record, names that instant, and freezes the world there', async () => {
    expect(ran.code, ran.stdout + ran.stderr).toBe(0);
    const checkIns = Number(/(\d+) check-ins? since 2026-04-06/.exec(ran.stdout)?.[1]);
    const activities = Number(/(\d+) activit(?:y|ies)\b/.exec(ran.stdout)?.[1]);
    expect(checkIns, ran.stdout).toBeGreaterThan(200);
    expect(activities, ran.stdout).toBeGreaterThan(0);
    expect(ran.stderr).toContain(
      'standin import: reading 30 days up to 2026-05-06, the newest record seen (check-ins and activities since 2026-04-06',
    );
    const through = /30 days up to (2026-05-06T\d\d:\d\d:\d\dZ), the newest record seen/.exec(ran.stdout)?.[1];
    expect(through, ran.stdout).toBeDefined();
    // The instant the window ends at is the world's clock: the newest record the source showed, not a clock.
    const served = await startServer({ port: 0, host: '127.0.0.1', state: out });
    try {
      const clock = (await (await fetch(`${served.baseUrl.replace(/\/api\/v2$/, '')}/__mock/clock`)).json()) as {
        now: string;
        frozen: boolean;
      };
      expect(clock).toMatchObject({ now: through, frozen: true });
      expect(ran.stdout).toContain(`the world's clock is frozen at ${through}`);
      const kit = await contractCli(
        served.baseUrl,
        tokensOf(readFileSync(join(at, 'salt')), served.mock.world.defaultPersonId).readWrite,
      );
      expect(kit.stdout).not.toMatch(/lists no check-in|has no check-in to work with|lists no activity/);
      expect(kit.status, kit.stdout + kit.stderr).toBe(0);
    } finally {
      await served.close();
    }
  }, 300_000);
});

describe('standin import refuses', () => {
  it.each([
    [[], 'give the organisation to read'],
    [['--base-url', 'http://api.example.com/api/v2', '--token', 't', '--out', 'x.json'], 'unencrypted'],
    [['--base-url', 'https://api.example.com/api/v2', '--out', 'x.json'], 'give a read-only token'],
    [['--from-har', 'a.har', '--base-url', 'https://x', '--out', 'x.json'], 'not both'],
    [['--from-har', 'a.har'], 'give the state file to write'],
    [['--from-har', 'a.har', '--out', 'x', '--since', 'yesterday'], '--since must be a date'],
    [['--from-har', 'a.har', '--out', 'x', '--since', '2999-01-01'], 'is in the future'],
    [['--from-har', 'a.har', '--out', 'x', '--max-records', '0'], '--max-records must be a whole number of at least 1'],
    [['--from-har', 'a.har', '--out', 'x', '--max-bytes', '500'], '--max-bytes must be a size such as 512MiB or 2GiB'],
    [['--from-har', 'a.har', '--out', 'x', '--max-bytes', '0MiB'], '--max-bytes must be a size such as 512MiB or 2GiB'],
  ])('%j in one line, exit 2', async (args, said) => {
    const ran = await importing(args);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(said);
    expect(ran.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe("docs/import.md's example, as printed", () => {
  it('imports, then serves the file, the summary as the page prints it', async () => {
    const example = exampleOn('docs/import.md', 'shell', 'standin import');
    const [importLine, serveLine] = example.code.split('\n');
    expect(importLine).toMatch(
      /^npx standin import --base-url https:\/\/api\.example\.com\/api\/v2 --token "\$READ_ONLY_TOKEN" /,
    );
    expect(serveLine).toBe('npx standin serve --state acme.json');
    // The organisation: standin's default world; the salt a fixed one, so that the names are the page's.
    const org = await startServer({ port: 0, host: '127.0.0.1', now: NOW });
    const cwd = mkdtempSync(join(tmpdir(), 'standin-import-readme-'));
    mkdirSync(join(cwd, '.standin-import'));
    writeFileSync(join(cwd, '.standin-import', 'salt'), 'the salt of README.md\n');
    try {
      const person = org.mock.world.store.people.get(org.mock.world.defaultPersonId)!;
      const command = importLine!
        .replace('npx standin', `"${process.execPath}" "${CLI}"`)
        .replace('https://api.example.com/api/v2', org.baseUrl);
      const ran = await shell(command, cwd, { READ_ONLY_TOKEN: person.tokens.readOnly });
      expect(ran.code, ran.stderr).toBe(0);
      const printed = readFileSync(join(ROOT, 'docs/import.md'), 'utf8')
        .split('```\nstandin import: ')[1]!
        .split('```')[0]!;
      const lines = `standin import: ${printed}`
        .replaceAll('https://api.example.com/api/v2', org.baseUrl)
        .trimEnd()
        .split('\n');
      const got = ran.stdout.trimEnd().split('\n');
      expect(got).toHaveLength(lines.length);
      // The page's "…" stands for what the salt or the machine decides (the name, the token, size and time).
      lines.forEach((line, i) => {
        const pattern = new RegExp(
          `^${line
            .split('…')
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('.+')}$`,
        );
        expect(got[i]).toMatch(pattern);
      });
      // The serve line as printed (on a free port), until its banner is out: the banner, not a time, ends it.
      const banner = await bannerOf(serveLine!.replace('npx standin', '').trim().split(' '), cwd);
      expect(banner).toContain('state: loaded from acme.json');
      expect(banner).toMatch(/you are .+ \(@/);
    } finally {
      await org.close();
    }
  }, 300_000);
});

/** `standin ARGS --port 0` in `cwd` until its banner is printed (or it exits): what it printed, then it is stopped. */
function bannerOf(args: string[], cwd: string): Promise<string> {
  const child = spawn(process.execPath, [CLI, ...args, '--port', '0'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve) => {
    let out = '';
    const done = () => {
      child.kill('SIGTERM');
      resolve(out);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('the contract:')) done();
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', () => resolve(out));
  });
}

/** `standin contract` as a process (its exit code as a user sees it), without blocking this one's servers. */
function contractCli(
  baseUrl: string,
  token: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, 'contract', '--base-url', baseUrl, '--token', token], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
}

/** bash in `cwd`, without blocking this process (whose server the command reads from). */
function shell(
  code: string,
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', code], { cwd, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
