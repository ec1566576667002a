// Text as a JUnit XML file may hold it, for both reports that write one (the contract kit's and drift's):
// XML 1.0 allows no control character but tab, newline and carriage return, and markup characters are escaped.

/**
 * @example `<failure message="${xmlText(message)}">`
 */
export function xmlText(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
