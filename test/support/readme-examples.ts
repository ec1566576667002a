// README.md's code examples, each with the kind its mark gives (`<!-- example: KIND -->` on the line before its
// fence), for the tests that run them: test/readme-examples.test.ts, test/browser for the browser ones and
// test/readme-drift.test.ts for the CI workflow.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const KINDS = ['shell', 'node', 'browser', 'package', 'ci', 'workflow'] as const;

export interface Example {
  kind: (typeof KINDS)[number];
  language: string;
  code: string;
  line: number;
}

/** The README's fenced blocks with a language; one without a mark is an error. */
export function readmeExamples(text = readFileSync(join(ROOT, 'README.md'), 'utf8')): Example[] {
  const lines = text.split('\n');
  const examples: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\w+)\s*$/.exec(lines[i] ?? '');
    if (!fence) {
      // Skip over a block without a language (printed output) whole, so its lines are not read as fences.
      if (lines[i]?.trim() === '```') for (i++; i < lines.length && lines[i]?.trim() !== '```'; i++);
      continue;
    }
    const mark = /^<!-- example: (\w+)/.exec(lines[i - 1] ?? '')?.[1];
    const end = lines.indexOf('```', i + 1);
    if (!mark || !(KINDS as readonly string[]).includes(mark))
      throw new Error(`README.md line ${i + 1}: a ${fence[1]} block without <!-- example: ${KINDS.join('|')} -->`);
    examples.push({
      kind: mark as Example['kind'],
      language: fence[1] ?? '',
      code: lines.slice(i + 1, end).join('\n'),
      line: i + 1,
    });
    i = end;
  }
  return examples;
}
