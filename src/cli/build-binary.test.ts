// npm run build:binary's refusals, which build nothing: a target it does not know, and one of another platform,
// answered with what a release machine of that platform runs (the build itself is .ci/binary-check's).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildBinary } from './build-binary.js';

afterEach(() => vi.restoreAllMocks());

/** Runs buildBinary with argv, returning its exit code and what it wrote to stderr. */
async function refused(argv: string[]): Promise<{ code: number; said: string }> {
  let said = '';
  vi.spyOn(process.stderr, 'write').mockImplementation((text) => {
    said += String(text);
    return true;
  });
  return { code: await buildBinary(argv), said };
}

/** This machine's target, which would be built: left out of the table. */
const HOST = `${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;

const REFUSALS: [target: string, code: number, said: RegExp][] = [
  [
    'darwin-arm64',
    1,
    /on a macOS arm64 \(Apple silicon\) machine: npm ci && npm run build:binary -- --target darwin-arm64; then codesign --sign "Developer ID Application: <team>" --options runtime/,
  ],
  [
    'win-x64',
    1,
    /on a Windows x64 machine: npm ci && npm run build:binary -- --target win-x64 \(it writes standin\.exe\); then signtool sign \/fd SHA256/,
  ],
  [
    'linux-arm64',
    1,
    /on a Linux arm64 machine \(or an arm64 runner\): npm ci && npm run build:binary -- --target linux-arm64; Linux needs no signing/,
  ],
  [
    'amiga-m68k',
    2,
    /^build:binary: --target must be one of linux-x64, linux-arm64, darwin-x64, darwin-arm64, win-x64, got "amiga-m68k"\n$/,
  ],
];

describe('build:binary for a target not built here', () => {
  it.each(REFUSALS.filter(([target]) => target !== HOST))(
    '--target %s: exit %i, saying in one line what to run instead',
    async (target, code, said) => {
      const answer = await refused(['--target', target]);
      expect(answer.code).toBe(code);
      expect(answer.said).toMatch(said);
      expect(answer.said.split('\n')).toHaveLength(2);
    },
  );
});
