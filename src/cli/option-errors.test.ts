// A mistyped option gets one line naming the option that was meant.
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { closestOption, optionError } from './option-errors.js';

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
});
