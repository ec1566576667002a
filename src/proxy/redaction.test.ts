// Secrets in a body: a secret-named JSON field is redacted however its key is written, and a body with none is kept
// byte for byte (the proxy skips the parse for it).
import { describe, expect, it } from 'vitest';
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

describe('a request’s credentials, wherever and however an answer echoes them', () => {
  const token = 'tok_live_5f3c1e9a/7b2d+x';
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  // Each case: how the request carried the secret, and the text an answer shows it in.
  const carried: Array<[string, Secrets]> = [
    ['a bearer token', new Secrets([['Authorization', `Bearer ${token}`]], '/api/v2/me')],
    ['a camelCase header', new Secrets([['X-CSRFToken', token]], '/api/v2/me')],
    ['a cookie value', new Secrets([['Cookie', `theme=dark; session=${token}`]], '/api/v2/me')],
    ['a camelCase query parameter', new Secrets([], `/api/v2/me?accessToken=${encodeURIComponent(token)}`)],
    ['a secret-named body field', new Secrets([], '/api/v2/me', JSON.stringify({ login: { clientSecret: token } }))],
    ['a Basic password', new Secrets([['Authorization', `Basic ${b64(`ada:${token}`)}`]], '/api/v2/me')],
  ];
  const echoes: Array<[string, (secret: string) => string]> = [
    ['as sent', (secret) => `{"echo":"${secret}"}`],
    ['percent-encoded', (secret) => `{"next":"https://x.example/?t=${encodeURIComponent(secret)}"}`],
    ['with / escaped as \\/', (secret) => `{"echo":"${secret.replaceAll('/', '\\/')}"}`],
    ['in base64, aligned', (secret) => `data:${b64(secret)}`],
    ['in base64 after one byte', (secret) => `data:${b64(`a${secret}`)}`],
    ['in base64 after two bytes', (secret) => `data:${b64(`ab${secret}`)}`],
    ['in base64url inside a longer run', (secret) => b64(`{"user":1,"t":"${secret}","x":2}`).replaceAll('+', '-')],
  ];

  it.each(carried.flatMap(([how, secrets]) => echoes.map(([form, echo]) => [how, form, secrets, echo] as const)))(
    '%s, echoed %s, is redacted',
    (_how, _form, secrets, echo) => {
      const kept = secrets.body(echo(token));
      expect(kept).not.toContain(token);
      expect(kept).not.toContain(token.slice(0, 12));
      for (const form of [b64(token).slice(0, 12), b64(`a${token}`).slice(2, 14), b64(`ab${token}`).slice(3, 15)])
        expect(kept).not.toContain(form);
    },
  );

  it('in bytes kept as base64 (an octet-stream or ndjson answer): replaced before they are encoded', () => {
    const secrets = carried[0]![1];
    const ndjson = Buffer.from(`{"n":1}\n{"token":"${token}"}\n`);
    const kept = secrets.bytes(ndjson);
    expect(kept.toString()).toBe(`{"n":1}\n{"token":"${REDACTED}"}\n`);
    expect(kept.toString('base64')).not.toContain(b64(token).slice(0, 12));
  });

  it('a secret-named field is redacted whatever it holds: a number, an object, an array', () => {
    expect(
      none.body('{"pin_token":123456,"clientSecret":{"a":"b"},"apiKeys":["k1","k2"],"refreshToken":null,"n":1}'),
    ).toBe(
      `{"pin_token":"${REDACTED}","clientSecret":"${REDACTED}","apiKeys":"${REDACTED}","refreshToken":null,"n":1}`,
    );
  });

  it('camelCase and run-together header names are credentials: X-CSRFToken, accessToken, clientSecret', () => {
    for (const name of ['X-CSRFToken', 'accessToken', 'clientSecret', 'X-Upstream-Password'])
      expect(none.header(name, 'anything-at-all')).toBe(REDACTED);
    expect(none.header('x-request-id', 'anything-at-all')).toBe('anything-at-all');
  });
});

describe('a request that carries secrets by the thousand (a page can send one)', () => {
  // 20,000 values of a secret-named field: each taken for a secret, deduplicated through an array, stalled the
  // proxy 24 s on a 240 KB body (quadratic; an 8 MiB body would have held it for hours).
  const many = Array.from({ length: 20_000 }, (_, i) => `v${String(i).padStart(8, '0')}`);
  const secrets = new Secrets([], '/api/v2/goals', JSON.stringify({ tokens: many }));

  it('keeps none of the texts of its exchange rather than look for each secret: they are replaced whole', () => {
    expect(secrets.text(`{"echo":"${many.at(-1)}"}`)).toBe(REDACTED);
    expect(secrets.body('{"title":"nothing secret"}')).toBe(REDACTED);
    expect(secrets.path('/api/v2/goals?q=1')).toBe(REDACTED);
    expect(secrets.header('x-request-id', 'abc')).toBe(REDACTED);
    expect(secrets.bytes(Buffer.from('abc')).toString()).toBe(REDACTED);
    expect(secrets.quoted('got "v00019999"')).toBe(REDACTED);
    expect(secrets.text('')).toBe('');
  });

  it('a body over 1 MiB that may name a secret is not read for them: its exchange’s texts are replaced whole', () => {
    const pad = 'x'.repeat(2 ** 20);
    const json = new Secrets([], '/api/v2/goals', JSON.stringify({ title: pad, token: 'abcdefgh' }));
    expect(json.text('{"echo":"abcdefgh"}')).toBe(REDACTED);
    const form = new Secrets([['content-type', 'application/x-www-form-urlencoded']], '/api/v2/goals', `a=${pad}`);
    expect(form.text('{"echo":"abcdefgh"}')).toBe(REDACTED);
    const plain = new Secrets([], '/api/v2/goals', JSON.stringify({ title: pad }));
    expect(plain.text('{"echo":"abcdefgh"}')).toBe('{"echo":"abcdefgh"}');
  });

  it('a request with a few cookies still has its other texts kept', () => {
    const cookies = Array.from({ length: 100 }, (_, i) => `c${i}=value-${i}-abcdef`).join('; ');
    const some = new Secrets([['Cookie', cookies]], '/api/v2/me');
    expect(some.text('{"echo":"value-99-abcdef","n":1}')).toBe(`{"echo":"${REDACTED}","n":1}`);
  });
});

describe('secrets in a form-encoded request body, and echoed in other escapes', () => {
  const secret = 'dXNlcjpw+YX/Nz==';

  it('takes the values of secret-named fields of a form body for secrets, as a query’s', () => {
    const secrets = new Secrets(
      [['Content-Type', 'application/x-www-form-urlencoded']],
      '/api/v2/oauth',
      `grant_type=password&password=Hunter2Secret&client_secret=${encodeURIComponent(secret)}`,
    );
    expect(secrets.body(`grant_type=password&password=Hunter2Secret&client_secret=${encodeURIComponent(secret)}`)).toBe(
      `grant_type=password&password=${REDACTED}&client_secret=${REDACTED}`,
    );
    expect(secrets.text(`you sent ${secret}`)).toBe(`you sent ${REDACTED}`);
  });

  const carried = new Secrets([['Authorization', `Basic ${secret}`]], '/api/v2/me');
  it.each([
    ['JSON with + escaped as \\u002B (.NET’s encoder)', `{"echo":"dXNlcjpw\\u002BYX/Nz=="}`],
    [
      'JSON with every character \\u-escaped',
      `{"echo":"${[...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"}`,
    ],
    [
      'percent-encoded in lowercase hex',
      `{"next":"https://x.example/?t=${encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())}"}`,
    ],
  ])('echoed %s, is redacted', (_how, echo) => {
    const kept = carried.body(echo);
    expect(kept).toContain(REDACTED);
    expect(kept).not.toContain('dXNlcjpw');
  });
});
