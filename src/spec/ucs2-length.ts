// A string's length in code points, as ajv's runtime helper counts it for `maxLength` and `minLength` (JSON Schema
// counts characters, not UTF-16 units): the generated validators import this ES module where ajv's standalone code
// requires ajv/dist/runtime/ucs2length, a CommonJS module whose loading (Node's CommonJS loader and its export
// lexer, at the first `import('standin')`) cost more than the function. ucs2-length.test.ts holds it to ajv's.

/**
 * The number of code points of `text`: a surrogate pair counts once, a lone surrogate once.
 * @example ucs2length('a😀') // 2
 */
export function ucs2length(text: string): number {
  const units = text.length;
  let length = 0;
  let at = 0;
  while (at < units) {
    length++;
    const unit = text.charCodeAt(at++);
    // A high surrogate followed by a low one is one character.
    if (unit >= 0xd800 && unit <= 0xdbff && at < units && (text.charCodeAt(at) & 0xfc00) === 0xdc00) at++;
  }
  return length;
}
