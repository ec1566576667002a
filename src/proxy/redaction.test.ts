// Secrets in a body: a secret-named JSON field is redacted however its key is written, and a body with none is kept
// byte for byte (the proxy skips the parse for it).
import { expect, it } from 'vitest';
import { REDACTED, Secrets } from './redaction.js';

const none = new Secrets([], '/api/v2/me');

it('redacts a secret-named field, its key plain or written with \\u escapes', () => {
  expect(none.body('{"id":"1","webhook_secret":"s3cr3t-value"}')).toBe(`{"id":"1","webhook_secret":"${REDACTED}"}`);
  expect(none.body('{"api\\u005ftoken" : "s3cr3t-value"}')).toBe(`{"api_token":"${REDACTED}"}`);
  expect(none.body('[{"Signature":"abc123abc"}]')).toBe(`[{"Signature":"${REDACTED}"}]`);
});

it('keeps a body without a secret-named field as it is, spaces and order included', () => {
  const text = '{ "title": "Token rotation",  "tokens_left": 3, "body": "no secret: here" }';
  expect(none.body(text)).toBe(text);
});
