// A mistyped option gets one line naming the option that was meant; a command's arguments, or how it exits first.
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { argsOrExit, closestOption, commandError, negativeValuesJoined, optionError } from './option-errors.js';

const KNOWN = ['port', 'host', 'seed', 'now', 'size', 'state', 'strict', 'max-sessions', 'session-ttl', 'faults'];

function errorOf(args: string[]): unknown {
  try {
    parseArgs({ args, allowPositionals: true, options: Object.fromEntries(KNOWN.map((k) => [k, { type: 'string' }])) });
  } catch (error) {
    return error;
  }
  throw new Error(`${args.join(' ')} parsed`);
}

describe('option errors', () => {
  it.each([
    ['--prot', '--port'],
    ['--hsot', '--host'],
    ['--max-session', '--max-sessions'],
    ['--sesion-ttl', '--session-ttl'],
    ['--stat', '--state'],
    ['--max', '--max-sessions'],
  ])('%s: did you mean %s?', (typo, meant) => {
    expect(closestOption(typo, KNOWN)).toBe(meant);
    expect(optionError(errorOf([typo, '1']), KNOWN)).toBe(`unknown option ${typo}: did you mean ${meant}?`);
  });

  it('guesses nothing for a name far from every option, and names a missing value', () => {
    expect(closestOption('--verbose', KNOWN)).toBeUndefined();
    expect(optionError(errorOf(['--verbose']), KNOWN)).toBe('unknown option --verbose');
    expect(optionError(errorOf(['--port']), KNOWN)).toBe('--port needs a value: --port VALUE');
  });

  it.each([
    ['serv', 'unknown command "serv": did you mean standin serve?'],
    ['Serve', 'unknown command "Serve": did you mean standin serve?'],
    ['contarct', 'unknown command "contarct": did you mean standin contract?'],
    ['deploy', 'unknown command "deploy"; the commands are serve and contract'],
  ])('command %s: %s', (given, line) => {
    expect(commandError(given, ['serve', 'contract'])).toBe(line);
  });

  it.each([
    [['--seed', '-1'], ['--seed=-1']],
    [
      ['--seed', '-1', '--port', '0'],
      ['--seed=-1', '--port', '0'],
    ],
    // A flag after a valued option stays a missing value; a boolean option never takes the number.
    [
      ['--port', '--host'],
      ['--port', '--host'],
    ],
    [
      ['--strict', '-1'],
      ['--strict', '-1'],
    ],
    [
      ['-h', '-1'],
      ['-h', '-1'],
    ],
  ])('%j is read as %j', (argv, joined) => {
    expect(negativeValuesJoined(argv, ['seed', 'port', 'host'])).toEqual(joined);
  });
});

describe("a command's arguments or its exit", () => {
  class DemoUsageError extends Error {}

  it.each([
    ['arguments read', () => ({ port: 4010 }), { port: 4010 }, [], []],
    [
      'a usage mistake',
      () => {
        throw new DemoUsageError('--port must be a number');
      },
      2,
      [],
      ['standin demo: --port must be a number (standin demo --help lists the options)\n'],
    ],
    ['--help', () => 'help' as const, 0, ['Usage: standin demo [options]\n'], []],
  ])('%s: %j, and what it printed', (_what, read, result, stdout, stderr) => {
    const printed = { stdout: [] as string[], stderr: [] as string[] };
    const say = {
      stdout: (text: string) => printed.stdout.push(text),
      stderr: (text: string) => printed.stderr.push(text),
    };
    expect(argsOrExit('demo', read, DemoUsageError, 'Usage: standin demo [options]', say)).toEqual(result);
    expect(printed).toEqual({ stdout, stderr });
  });

  it('throws on what is not a usage mistake', () => {
    const say = { stdout: () => undefined, stderr: () => undefined };
    const read = () => {
      throw new TypeError('a bug');
    };
    expect(() => argsOrExit('demo', read, DemoUsageError, '', say)).toThrow(TypeError);
  });
});
