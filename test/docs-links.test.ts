// README.md and the pages under docs/ hold together: every relative link reaches a file that exists and every
// #anchor a heading of its page, and the docs pages hold no code block that no test runs (README's examples all
// run in readme-examples.test.ts; a docs page quotes commands inline or prints output in a plain fence).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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

  it.each(PAGES.filter((page) => page.startsWith('docs/')))('%s holds no code block that no test runs', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    expect(text.match(/^```\w+/gm) ?? []).toEqual([]);
  });
});
