// The two string formats the specs take from ajv-formats (`date-time`, `email`), as Node loads them: the library's
// own full definitions. A page takes library-formats.browser.ts instead (the package's `browser` field).
import formatsModule from 'ajv-formats/dist/formats.js';
import type { Format } from 'ajv';

// ajv-formats is CommonJS: under NodeNext its named exports sit on the default export.
const { fullFormats } = formatsModule;

/** RFC 3339 `date-time` (a time zone required), as ajv-formats' full format checks it. */
export const DATE_TIME: Format = fullFormats['date-time'];
/** `email`, as ajv-formats' full format checks it. */
export const EMAIL: Format = fullFormats.email;
