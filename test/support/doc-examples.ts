// The code examples of README.md and of the pages under docs/, each with the kind its mark gives
// (`<!-- example: KIND -->` on the line before its fence, optionally followed by a note in parentheses that may
// name the test that runs it: `(run by test/proxy-cli.test.ts …)`), for the tests that run them:
// test/doc-examples.test.ts, test/browser for the browser ones, test/drift-workflow.test.ts for the CI workflow and
// test/deploy-examples.test.ts for the container ones (docker, Compose, Testcontainers), which need a Docker.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
// The package's root from its sources and from its build alike: the benchmark runs this module from dist/test.
import { PACKAGE_ROOT as ROOT } from '../../src/spec/spec-files.js';
const KINDS = ['shell', 'node', 'browser', 'package', 'ci', 'workflow', 'container'] as const;

export interface Example {
  /** The page it is on, relative to the package: `README.md`, `docs/tour.md`. */
  page: string;
  kind: (typeof KINDS)[number];
  language: string;
  code: string;
  line: number;
  /** The test file its mark names as the one that runs it, when another test than the examples' own does. */
  runBy: string | null;
}

/** Every page that may hold examples: README.md, then docs/*.md in name order. */
export function documentedPages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/**
 * The fenced blocks with a language of one page; one without a mark is an error.
 * @example examplesOf('docs/tour.md').filter((e) => e.kind === 'shell')
 */
export function examplesOf(page: string, text = readFileSync(join(ROOT, page), 'utf8')): Example[] {
  const lines = text.split('\n');
  const examples: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\w+)\s*$/.exec(lines[i] ?? '');
    if (!fence) {
      // Skip over a block without a language (printed output) whole, so its lines are not read as fences.
      if (lines[i]?.trim() === '```') for (i++; i < lines.length && lines[i]?.trim() !== '```'; i++);
      continue;
    }
    const mark = /^<!-- example: (\w+)(.*)-->$/.exec(lines[i - 1] ?? '');
    const end = lines.indexOf('```', i + 1);
    if (!mark || !(KINDS as readonly string[]).includes(mark[1] ?? ''))
      throw new Error(`${page} line ${i + 1}: a ${fence[1]} block without <!-- example: ${KINDS.join('|')} -->`);
    examples.push({
      page,
      kind: mark[1] as Example['kind'],
      language: fence[1] ?? '',
      code: lines.slice(i + 1, end).join('\n'),
      line: i + 1,
      runBy: /run by ([\w./-]+\.ts)/.exec(mark[2] ?? '')?.[1] ?? null,
    });
    i = end;
  }
  return examples;
}

/** The examples of README.md and every docs page, page by page. */
export function documentedExamples(): Example[] {
  return documentedPages().flatMap((page) => examplesOf(page));
}

/** The one example of `kind` on `page` whose code holds `text`; an error naming the page when there is none. */
export function exampleOn(page: string, kind: Example['kind'], text: string): Example {
  const found = examplesOf(page).find((e) => e.kind === kind && e.code.includes(text));
  if (!found) throw new Error(`${page}: no <!-- example: ${kind} --> block holding "${text}"`);
  return found;
}
