// README.md and the pages under docs/ hold together: every relative link reaches a file that exists and every
// #anchor a heading of its page, and every code block of a page is an example a test runs (doc-examples.test.ts
// runs them; printed output stands in a plain fence).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { examplesOf } from './support/doc-examples.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((name) => `docs/${name}`)];

/** GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(text: string): Set<string> {
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] ?? '')));
}

/** The page's text without its fenced blocks, where `](` is code, not a link. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```$/gm, '');
}

describe('README and docs/', () => {
  it.each(PAGES)('%s: every relative link reaches a file, and every #anchor a heading', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const broken: string[] = [];
    for (const [, target = ''] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const [path = '', anchor] = target.split('#');
      const file = path === '' ? join(ROOT, page) : join(ROOT, dirname(page), path);
      if (!existsSync(file)) broken.push(`${target}: no such file`);
      else if (anchor && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(anchor))
        broken.push(`${target}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  it.each(PAGES)('%s marks every code block as an example that a test runs', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    expect(examplesOf(page).length).toBe((text.match(/^```\w+/gm) ?? []).length);
  });

  it('README stays the front door: at most 400 lines, and its map names every page of docs/', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(400);
    const mapped = [...readme.matchAll(/^\| \[(docs\/[\w-]+\.md)\]/gm)].map((match) => match[1]);
    expect(mapped.sort()).toEqual(PAGES.filter((page) => page.startsWith('docs/')).sort());
  });
});
