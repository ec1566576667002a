// The character codes of JSON's structure, for the code that walks JSON text or bytes without parsing it: the
// depth check on a request body (request-body.ts) and the streamed parse of a large state (src/server/streamed-json.ts).
// As codes, because both compare charCodeAt or bytes in loops over whole bodies.

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
