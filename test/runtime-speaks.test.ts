// Issue 34, point 2: the runtime tells its own lifecycle events (a clock move, a reset, a restore, a
// subscription's listening), so no code of src/http has to call the runtime again after one of its operations.
// The proof a reader can run: `grep -rn "clockMoved\|\.listen(" src/http` finds nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT as ROOT } from '../src/spec/spec-files.js';

/** Every TypeScript file under `folder`, its path from the package root. */
function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(folder, name));
}

describe('the runtime speaks for itself', () => {
  it('leaves no call of clockMoved or .listen( to src/http', () => {
    const calls = sources('src/http').flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .map((line, index) => `${file}:${index + 1}: ${line.trim()}`)
        .filter((line) => /clockMoved|\.listen\(/.test(line)),
    );
    expect(calls).toEqual([]);
  });
});
