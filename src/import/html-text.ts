// Owns what standin import reads of an HTML text (a person's bio, PT1, as production answers it): the markup a
// page draws and does not show as words (the tags of text formatting, character references), and the text a
// page shows of it, which the anonymiser writes anew.

/** The tags a bio's rich text is made of; a `<` or `</` followed by one of them opens markup, not a word. */
const TAGS = new Set(
  'a abbr b blockquote br code del div em h1 h2 h3 h4 h5 h6 hr i li ol p pre s small span strike strong sub sup u ul'.split(
    ' ',
  ),
);

/** The character references a page shows as one character: the named ones of escaping, and numeric ones. */
const REFERENCE = /^&(?:amp|lt|gt|quot|apos|nbsp|#[0-9]{1,7}|#x[0-9a-f]{1,6});/i;

/**
 * The length of the markup that starts at `at` in `text` (`<p`, `</strong`, `&amp;`), or 0 where none does: only a
 * known tag's name or a character reference, so that a name in angle brackets (`<Asa Graham>`) is still words.
 * @example markupAt('<p>Hi', 0) // 2 (the `<p`; the `>` is no word either way)
 */
export function markupAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code === 38 /* & */) return REFERENCE.exec(text.slice(at, at + 12))?.[0].length ?? 0;
  if (code !== 60 /* < */) return 0;
  const name = /^<\/?([a-z][a-z0-9]*)(?![a-z0-9])/i.exec(text.slice(at, at + 14));
  return name && TAGS.has(name[1]!.toLowerCase()) ? name[0].length : 0;
}

const CHARACTERS: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text a page shows of `html`: tags as spaces, character references as their characters, white space folded.
 * @example htmlText('<p>Ask me about <strong>Postgres &amp; Kafka</strong></p>') // 'Ask me about Postgres & Kafka'
 */
export function htmlText(html: string): string {
  return html
    .replace(/<[^<>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10));
      return CHARACTERS[lower] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** A code point as text; one out of Unicode's range is a space. */
function safeCodePoint(code: number): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
}
