// Comments that name a file name one that exists: a path in a comment (`src/server/state-loader.ts`, one
// relative to the file, a bare module name such as `state-worker.ts`) is how a reader finds the code it speaks of, and a
// file moved or renamed leaves it pointing nowhere. Comments only (read with TypeScript's own scanner of
// comments), in every TypeScript and JavaScript file of the tree but the generated ones.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A file name with a known ending, alone or after folders; not part of a URL, a word or a longer path. */
const PATH =
  /(?<![\w./:@-])(?:\.\.?\/)*[\w@][\w@.-]*(?:\/[\w@.-]+)*\.(?:tsx?|mjs|cjs|js|json|jsonc|ya?ml|md|html|css)\b/g;
/**
 * A bare name checked on its own: a module of this tree, or a document of its own by its upper-case name
 * (README.md); other bare names are examples (org.json, body.json).
 */
const MODULE = /^[\w@.-]+\.(?:tsx?|mjs|cjs)$|^[A-Z][A-Z_-]*\.md$/;

/**
 * Paths comments name that are not this tree's: the README quick start's Vite app, which
 * test/support/quick-start.ts writes (src/mocks.ts, src/main.ts), and fixtures' examples of a file name (a reader's
 * `referral-program.ts`).
 */
const ELSEWHERE = new Set(['src/mocks.ts', 'src/main.ts', 'mocks.ts', 'dark-mode.tsx', 'referral-program.ts']);

const GENERATED = /^src\/types\/(?:api|control)\.ts$|^src\/(?:spec|pages)\/generated\//;

/** Every path named in a comment of `text`, with its line. */
function commentPaths(fileName: string, text: string): Array<{ line: number; path: string }> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const ranges = new Map<number, ts.CommentRange>();
  const visit = (node: ts.Node): void => {
    for (const range of [
      ...(ts.getLeadingCommentRanges(text, node.pos) ?? []),
      ...(ts.getTrailingCommentRanges(text, node.end) ?? []),
    ])
      ranges.set(range.pos, range);
    ts.forEachChild(node, visit);
  };
  visit(source);
  const found: Array<{ line: number; path: string }> = [];
  for (const range of ranges.values()) {
    const comment = text.slice(range.pos, range.end);
    for (const match of comment.matchAll(PATH)) {
      // A `$ref` (`./openapi.yaml#/components/…`) is relative to the document that holds it, not to this file.
      if (comment.startsWith('#/', match.index + match[0].length)) continue;
      const line = source.getLineAndCharacterOfPosition(range.pos + match.index).line + 1;
      found.push({ line, path: match[0] });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** The tree as git sees it (tracked and not ignored), with its top-level folders and its files' names. */
function treeOf(root: string) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f !== '' && existsSync(join(root, f)));
  const folders = new Set(files.filter((f) => f.includes('/')).map((f) => f.slice(0, f.indexOf('/'))));
  const names = new Set(files.map((f) => basename(f)));
  const ignored = (path: string) => {
    try {
      execFileSync('git', ['check-ignore', '--quiet', '--no-index', path], { cwd: root });
      return true;
    } catch {
      return false;
    }
  };
  return { files, folders, names, ignored };
}

type Tree = ReturnType<typeof treeOf>;

/** The sources a `.js` path stands for (imports name the build's file). */
function spellings(path: string): string[] {
  return [path, path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx'), path.replace(/\.mjs$/, '.mts')];
}

/**
 * Whether `path`, named in a comment of `file`, names nothing: relative to the file (`./`, `../`), from the
 * root when it starts with a folder of the tree (dist/ read as its sources; what git ignores is the build's or
 * a run's output), or as a module's bare name anywhere in the tree. Any other path is another project's.
 */
function isStale(tree: Tree, file: string, path: string): boolean {
  if (ELSEWHERE.has(path)) return false;
  const known = (candidate: string) =>
    spellings(candidate).some((p) => existsSync(join(ROOT, p))) || tree.ignored(candidate);
  if (path.startsWith('./') || path.startsWith('../')) return !known(posix.join(dirname(file), path));
  if (!path.includes('/')) return MODULE.test(path) && !spellings(path).some((p) => tree.names.has(p));
  const first = path.slice(0, path.indexOf('/'));
  // dist/cli/ and dist/lib/ are the CLI's and the library's bundles (src/cli/bundle-cli.ts): what they hold has no
  // source file of its own name.
  if (path.startsWith('dist/cli/')) return !/^dist\/cli\/(standin|state-worker)\.js$/.test(path);
  if (path.startsWith('dist/lib/')) return !/^dist\/lib\/(index|contract|state-worker)\.js$/.test(path);
  if (first === 'dist') return !known(path.slice('dist/'.length));
  return tree.folders.has(first) && !known(path);
}

describe('paths named in comments', () => {
  const tree = treeOf(ROOT);

  it('are found in comments only, with their lines', () => {
    const text = [
      "// Reads src/server/state-loader.ts's frames (./wire.js, state-worker.ts).",
      "const at = 'src/nowhere.ts'; // see https://example.com/src/a.ts",
      '/** Written by src/gone/away.ts, as BEHAVIOUR.md says; `./openapi.yaml#/components/schemas/Goal` */',
    ].join('\n');
    expect(commentPaths('probe.ts', text)).toEqual([
      { line: 1, path: 'src/server/state-loader.ts' },
      { line: 1, path: './wire.js' },
      { line: 1, path: 'state-worker.ts' },
      { line: 3, path: 'src/gone/away.ts' },
      { line: 3, path: 'BEHAVIOUR.md' },
    ]);
  });

  it.each([
    ['src/server/state-loader.ts', false],
    ['src/cli/state-loader.ts', true],
    ['./wire.js', false],
    ['./wired.js', true],
    ['state-worker.ts', false],
    ['serve.ts', true],
    ['dist/src/cli/main.js', false],
    ['dist/cli/standin.js', false],
    ['dist/cli/main.js', true],
    ['dist/lib/index.js', false],
    ['dist/lib/main.js', true],
    ['src/spec/generated/specs.js', false],
    ['steady/routines/steady-check-in.md', false],
    ['org.json', false],
    ['README.md', false],
    ['BEHAVIOUR.md', true],
  ])('%s is stale: %s', (path, stale) => {
    expect(isStale(tree, 'src/types/probe.ts', path)).toBe(stale);
  });

  it('name files that exist, in every comment of the tree', () => {
    const stale: string[] = [];
    for (const file of tree.files) {
      if (!/\.(?:tsx?|mjs|cjs|js)$/.test(file) || GENERATED.test(file)) continue;
      for (const { line, path } of commentPaths(file, readFileSync(join(ROOT, file), 'utf8')))
        if (isStale(tree, file, path)) stale.push(`${file}:${line}: ${path}`);
    }
    expect(stale).toEqual([]);
  });
});
