// Request body limits (G8): at most a byte limit, counted while the body streams in so that an endless one
// is never buffered whole (413), and JSON nested at most MAX_JSON_DEPTH deep, checked on the text before
// JSON.parse, so nothing downstream (validation, error messages) ever walks a deeper value (400).
import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './json-chars.js';

/** G8: bodies over 1 MiB get 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** G8: JSON nested deeper than this (arrays and objects) gets 400. The deepest body taken, a saved state, nests 6. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests arrays and objects more than `limit` deep: one pass over the text, no recursion,
 * skipping string contents and their escapes. Malformed text gets an answer too; JSON.parse judges it after.
 * @example nestsDeeperThan('[[1]]', 1) // true
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      // Jump to the closing quote: one not escaped by an odd run of backslashes.
      for (;;) {
        i = text.indexOf('"', i + 1);
        if (i === -1) return false;
        let backslashes = 0;
        while (text.charCodeAt(i - 1 - backslashes) === BACKSLASH) backslashes++;
        if (backslashes % 2 === 0) break;
      }
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/** One decoder for every body read ahead: it keeps no state between whole texts. */
const DECODER = new TextDecoder();

/**
 * A body its host read whole before the app saw the request, or undefined: `standin serve` reads a small body
 * of a declared length off the IncomingMessage (src/server/body-ahead.ts) and hands it to @hono/node-server as
 * the IncomingMessage's `rawBody`, which the adapter passes on as `c.env.incoming`; in a browser, under MSW or
 * app.request, there is none. With it the body's checks run in the turn the request came in: no promise.
 * @example const ahead = bodyReadAhead(c.env); if (ahead) text = textWithin(ahead, maxBytes)
 */
export function bodyReadAhead(env: unknown): Uint8Array | undefined {
  const raw = (env as { incoming?: { rawBody?: unknown } } | undefined)?.incoming?.rawBody;
  return raw instanceof Uint8Array ? raw : undefined;
}

/**
 * A body's bytes as text (UTF-8, as a Request's text() decodes them), or null when they are over `maxBytes`.
 * @example textWithin(new TextEncoder().encode('{}'), MAX_BODY_BYTES) // '{}'
 */
export function textWithin(bytes: Uint8Array, maxBytes: number): string | null {
  return bytes.byteLength > maxBytes ? null : DECODER.decode(bytes);
}

/**
 * The body as text, or null as soon as it is known to be over `maxBytes`: a declared Content-Length over the
 * limit is refused unread, and a body without one (chunked) is read chunk by chunk and cancelled once past
 * the limit. The caller answers 413 with `Connection: close`, so the server reads no more of it.
 * @example const text = await readBodyText(request, MAX_BODY_BYTES)
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string | null> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared)) {
    if (Number(declared) > maxBytes) return null;
    // Node's parser never delivers more than the declared length, so this read is bounded; it is also
    // @hono/node-server's fast path, which the request stream below would leave.
    const text = await request.text();
    // A character is at most three bytes in UTF-8: a text of up to a third of the limit is counted no further.
    if (text.length * 3 <= maxBytes) return text;
    return text.length > maxBytes || utf8Length(text) > maxBytes ? null : text;
  }
  if (!request.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunksWithin(request.body, maxBytes)) {
    if (chunk === TOO_LARGE) return null;
    chunks.push(chunk);
    size += chunk.byteLength;
  }
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(whole);
}

/** What chunksWithin yields last when a body passes its limit. */
export const TOO_LARGE: unique symbol = Symbol('too large');

/**
 * A body's chunks as they stream in, and TOO_LARGE in place of the one that takes it past `maxBytes` (the stream
 * is cancelled then, so that no more of it is read, as it is when the loop reading them stops early). A body
 * that breaks off throws, as its reader does.
 * @example for await (const chunk of chunksWithin(request.body, maxBytes)) if (chunk === TOO_LARGE) return refuse();
 */
export async function* chunksWithin(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): AsyncGenerator<Uint8Array | typeof TOO_LARGE> {
  const reader = body.getReader();
  let size = 0;
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        return;
      }
      size += value.byteLength;
      if (size > maxBytes) {
        ended = true;
        await reader.cancel();
        yield TOO_LARGE;
        return;
      }
      yield value;
    }
  } finally {
    // A reader that stopped early (the state worker answered before the body's end): none of the rest is read.
    if (!ended) await reader.cancel().catch(() => undefined);
  }
}

/** The bytes of a text in UTF-8, counted without encoding it (no Buffer: the mock runs in browsers too). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && next >= 0xdc00 && next < 0xe000) {
      // A surrogate pair: one code point of four bytes for its two UTF-16 units.
      bytes += 4;
      i++;
    } else bytes += 3; // the rest of the BMP, and a lone surrogate, sent as U+FFFD
  }
  return bytes;
}
