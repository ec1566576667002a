// createMock and startServer refuse what `standin serve` refuses, in the same words (one rule per option,
// src/http/option-rules.ts and src/server/serve-option-rules.ts): each option both take, given a wrong value
// through the library and through the command line, is refused naming it, what was wrong and the fix; an option
// nobody takes is refused too, with the one meant when it is one edit away.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readServeOptions, ServeUsageError } from '../src/cli/serve-options.js';
import { createMock as createMockCore } from '../src/http/app.js';
import { createMock, OptionError, startServer } from '../src/index.js';

/** How a message names the option: the library's name or the command line's flag, and a value written for it. */
interface Naming {
  name: string;
  as(value: string): string;
}
const asLibrary = (name: string): Naming => ({ name, as: (value) => `${name}: ${value}` });
const asFlag = (flag: string): Naming => ({ name: flag, as: (value) => `${flag} ${value}` });

const PROFILE_418 = { rules: [{ faults: [{ kind: 'error', status: 418, rate: 1 }] }] };

/**
 * Each option both take: its name, the flag, a wrong value as each is given, and the words both must say.
 * `serve` marks an option only startServer takes (where it listens, the state file).
 */
const SAME_WORDS: Array<{
  option: string;
  value: unknown;
  flag: string;
  args: string[];
  says: (n: Naming, item: string) => string;
  serve?: boolean;
}> = [
  {
    option: 'seed',
    value: -1,
    flag: '--seed',
    args: ['--seed', '-1'],
    says: (n) => `${n.name} must be a whole number from 0 to 2147483647, got -1; did you mean ${n.as('1')}?`,
  },
  {
    option: 'seed',
    value: 2147483648,
    flag: '--seed',
    args: ['--seed', '2147483648'],
    says: (n) => `${n.name} must be a whole number from 0 to 2147483647, got 2147483648`,
  },
  {
    option: 'seed',
    value: 'abc',
    flag: '--seed',
    args: ['--seed', 'abc'],
    says: (n) => `${n.name} must be a whole number from 0 to 2147483647, got "abc"`,
  },
  {
    option: 'now',
    value: 'yesterday',
    flag: '--now',
    args: ['--now', 'yesterday'],
    says: (n) => `${n.name} must be an ISO datetime such as 2026-11-20T09:00:00Z, got "yesterday"`,
  },
  {
    option: 'size',
    value: 'huge',
    flag: '--size',
    args: ['--size', 'huge'],
    says: (n) => `${n.name} must be small or large, got "huge"`,
  },
  {
    option: 'appUrl',
    value: 'notaurl',
    flag: '--app-url',
    args: ['--app-url', 'notaurl'],
    says: (n) =>
      `${n.name} must be an http(s) URL such as https://app.example.com (the base of every url field, G10), got "notaurl"`,
  },
  {
    option: 'maxSessions',
    value: 0,
    flag: '--max-sessions',
    args: ['--max-sessions', '0'],
    says: (n) => `${n.name} must be at least 1, got 0`,
  },
  {
    option: 'controlToken',
    value: 'short',
    flag: '--control-token',
    args: ['--control-token', 'short'],
    says: (n) =>
      `${n.name} must be at least 12 characters, got 5; make one with: node -e "console.log(require('crypto').randomBytes(16).toString('hex'))"`,
  },
  {
    option: 'anyToken',
    value: '@',
    flag: '--any-token-as',
    args: ['--any-token-as', '@'],
    says: (n) => `${n.name} needs a username or person id, e.g. ${n.as('agraham')}, got "@"`,
  },
  {
    option: 'corsOrigins',
    value: ['https://ok.example', 'https://app.example.dev/path'],
    flag: '--cors-origin',
    args: ['--cors-origin', 'https://ok.example', '--cors-origin', 'https://app.example.dev/path'],
    says: (_, item) =>
      `${item} must be an origin such as https://app.example.dev:8443 (no path), got "https://app.example.dev/path"`,
  },
  {
    option: 'faults',
    value: PROFILE_418,
    flag: '--faults',
    args: ['--faults', JSON.stringify(PROFILE_418)],
    says: (n) => `${n.name} is not a valid profile: `,
  },
  {
    option: 'port',
    value: -80,
    flag: '--port',
    args: ['--port', '-80'],
    says: (n) => `${n.name} must be a whole number from 0 to 65535, got -80; did you mean ${n.as('80')}?`,
    serve: true,
  },
  {
    option: 'port',
    value: 'eighty',
    flag: '--port',
    args: ['--port', 'eighty'],
    says: (n) => `${n.name} must be a whole number from 0 to 65535, got "eighty"`,
    serve: true,
  },
  {
    option: 'allowedHosts',
    value: ['demo.example.com', 'not a host'],
    flag: '--allowed-host',
    args: ['--allowed-host', 'demo.example.com', '--allowed-host', 'not a host'],
    says: (_, item) =>
      `${item} must be a host name such as demo.example.com, or .example.com for a domain, got "not a host"`,
    serve: true,
  },
  {
    option: 'state',
    value: tmpdir(),
    flag: '--state',
    args: ['--state', tmpdir()],
    says: (n) =>
      `${n.name} takes a file, and ${tmpdir()} is a folder: give a file in it, such as ${join(tmpdir(), 'standin-state.json')}`,
    serve: true,
  },
];

/** What the library says of options: createMock's refusal, or startServer's for an option only it takes. */
async function librarySays(options: Record<string, unknown>, serve = false): Promise<OptionError> {
  try {
    if (serve) await startServer({ port: 0, host: '127.0.0.1', ...options });
    else createMock(options);
  } catch (error) {
    expect(error).toBeInstanceOf(OptionError);
    expect(error).toBeInstanceOf(TypeError);
    return error as OptionError;
  }
  throw new Error(`${JSON.stringify(options)} was accepted`);
}

async function commandLineSays(args: string[]): Promise<string> {
  const error = await readServeOptions(args, {}).then(
    () => new Error(`${args.join(' ')} was accepted`),
    (refusal: unknown) => refusal,
  );
  expect(error).toBeInstanceOf(ServeUsageError);
  return (error as Error).message;
}

describe('a wrong value', () => {
  it.each(SAME_WORDS.map((row) => [row.option, shownValue(row.value), row] as const))(
    '%s: %s is refused by the library and the command line in the same words',
    async (option, _, { value, flag, args, says, serve }) => {
      const caller = serve ? 'startServer' : 'createMock';
      const refused = await librarySays({ [option]: value }, serve);
      expect(refused.option).toBe(option);
      const item = `${option}[${Array.isArray(value) ? value.length - 1 : 0}]`;
      const cli = await commandLineSays(args);
      if (option === 'faults') {
        // The profile's own problems come from the control spec's schema: the same text after the option's name.
        expect(refused.message.startsWith(`${caller}: ${says(asLibrary(option), item)}`)).toBe(true);
        expect(cli.startsWith(says(asFlag(flag), flag))).toBe(true);
        expect(cli.slice(flag.length)).toBe(refused.message.slice(`${caller}: ${option}`.length));
        expect(cli).toContain('418');
      } else {
        expect(refused.message).toBe(`${caller}: ${says(asLibrary(option), item)}`);
        expect(cli).toBe(says(asFlag(flag), flag));
      }
    },
  );
});

function shownValue(value: unknown): string {
  return JSON.stringify(value).slice(0, 40);
}

describe('values only the command line writes as text', () => {
  // A duration and a size are the command line's own texts; the library takes milliseconds and bytes.
  it.each([
    [
      { sessionTtlMs: -5 },
      ['--session-ttl', '-5'],
      'createMock: sessionTtlMs must be at least 0 (milliseconds; 0 keeps sessions until dropped), got -5; did you mean sessionTtlMs: 5?',
      '--session-ttl must be a duration such as 90s, 30m or 2h (0 keeps sessions until dropped), got "-5"',
    ],
    [
      { memoryBudget: 0 },
      ['--memory-budget', '10MiB'],
      'createMock: memoryBudget must be at least 1 (bytes), got 0',
      // A server's budget must hold its caches and journal; a test's mock may take a small one to reach 507.
      '--memory-budget must be at least 64MiB (the caches and the journal alone may take 32), got "10MiB"',
    ],
  ])('%j and %j are refused', async (options, args, library, cli) => {
    expect((await librarySays(options)).message).toBe(library);
    expect(await commandLineSays(args)).toBe(cli);
  });

  it.each([
    [
      ['--request-timeout', 'soon'],
      '--request-timeout must be a duration from 10s to 1h such as 30s or 5m, got "soon"',
    ],
    [['--request-timeout', '0'], '--request-timeout must be a duration from 10s to 1h such as 30s or 5m, got "0"'],
    [['--request-timeout', '5s'], '--request-timeout must be a duration from 10s to 1h such as 30s or 5m, got "5s"'],
    [['--request-timeout', '2h'], '--request-timeout must be a duration from 10s to 1h such as 30s or 5m, got "2h"'],
  ])('command line only: %j is refused', async (args, message) => {
    expect(await commandLineSays(args)).toBe(message);
  });

  it('--request-timeout and STANDIN_REQUEST_TIMEOUT give startServer its requestTimeout, the flag first', async () => {
    expect((await readServeOptions(['--request-timeout', '5m'], {})) as object).toMatchObject({
      requestTimeout: 300_000,
    });
    expect((await readServeOptions([], { STANDIN_REQUEST_TIMEOUT: '90s' })) as object).toMatchObject({
      requestTimeout: 90_000,
    });
    expect(await readServeOptions([], {})).not.toHaveProperty('requestTimeout');
  });

  it.each([
    [{ strict: 'yes' }, 'createMock: strict must be true or false, got "yes"'],
    [{ rateLimit: 1 }, 'createMock: rateLimit must be true or false, got 1'],
    [{ persist: 'session' }, 'createMock: persist must be local, got "session"'],
    [
      { storage: {} },
      "createMock: storage must be a Storage such as the page's localStorage (getItem and setItem), got {}",
    ],
    [{ stateLoader: 'worker' }, 'createMock: stateLoader must be a function, got "worker"'],
    [{ webhooks: { timeoutM: 5 } }, 'createMock: unknown option webhooks.timeoutM: did you mean webhooks.timeoutMs?'],
  ])('library only: %j is refused', async (options, message) => {
    expect((await librarySays(options)).message).toBe(message);
  });

  it.each([
    [{ headersTimeout: 0 }, 'startServer: headersTimeout must be at least 1 (milliseconds), got 0'],
    [
      { requestTimeout: 5000 },
      'startServer: requestTimeout must be at least headersTimeout (10000 ms: the headers come first), got 5000',
    ],
    [{ host: '' }, 'startServer: host must be an address to bind such as 127.0.0.1, got ""'],
  ])('startServer only: %j is refused', async (options, message) => {
    expect((await librarySays(options, true)).message).toBe(message);
  });
});

describe('an option nobody takes', () => {
  it('names the one meant when it is one edit away, as the command line does', async () => {
    expect((await librarySays({ sede: 1 })).message).toBe('createMock: unknown option sede: did you mean seed?');
    expect(await commandLineSays(['--sede', '1'])).toBe('unknown option --sede: did you mean --seed?');
    expect((await librarySays({ strcit: true })).message).toBe(
      'createMock: unknown option strcit: did you mean strict?',
    );
    expect((await librarySays({ prot: 80 }, true)).message).toBe(
      'startServer: unknown option prot: did you mean port?',
    );
  });

  it('lists what there is when none is that close', async () => {
    const refused = await librarySays({ colour: 'blue' });
    expect(refused.option).toBe('colour');
    expect(refused.message).toBe(
      'createMock: unknown option colour: createMock takes anyToken, appUrl, catchUpEveryMs, controlToken, corsOrigins, faults, maxSessions, memoryBudget, now, persist, rateLimit, seed, sessionTtlMs, size, stateFile, stateLoader, storage, strict, webhooks',
    );
  });

  it('is not one left undefined, which takes its default', () => {
    expect(createMockCore({ seed: undefined, now: '2026-11-20T09:00:00Z' }).options.seed).toBe(42);
  });
});
