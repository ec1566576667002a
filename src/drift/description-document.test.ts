// What standin drift refuses to compare, each in one line that says why and what to do: not OpenAPI, Swagger
// 2.0, an HTML page, a $ref to another file or to nothing, an alias that holds itself, nesting no description
// has; and what it reads: 3.0 and 3.1, YAML and JSON.
import { describe, expect, it } from 'vitest';
import { DescriptionError } from './description-error.js';
import { readDescription } from './description-document.js';
import { thrownBy } from '../../test/support/thrown-by.js';

const MINIMAL = { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {} };

function refusal(text: string): string {
  return thrownBy(() => readDescription(text, 'prod.yaml'), DescriptionError).message;
}

describe('reading a description', () => {
  it.each([
    ['YAML 3.1', 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}\n', '3.1'],
    ['JSON 3.0', JSON.stringify({ ...MINIMAL, openapi: '3.0.3' }), '3.0'],
    ['JSON with a comment, read as YAML', `{"openapi": "3.1.1", # production's\n "paths": {}}`, '3.1'],
    ['webhooks only', 'openapi: 3.1.0\nwebhooks: {}\n', '3.1'],
  ])('reads %s', (_name, text, version) => {
    expect(readDescription(text, 'prod').version).toBe(version);
  });

  it.each([
    ['a list', '- 1\n- 2\n', 'prod.yaml is not an OpenAPI description: it is not an object'],
    [
      'no openapi field',
      'info: {}\npaths: {}\n',
      'prod.yaml is not an OpenAPI 3.0 or 3.1 description: it has no "openapi" field',
    ],
    [
      'OpenAPI 4',
      'openapi: 4.0.0\npaths: {}\n',
      'prod.yaml is not an OpenAPI 3.0 or 3.1 description: it says openapi: 4.0.0',
    ],
    [
      'Swagger 2.0',
      'swagger: "2.0"\npaths: {}\n',
      'prod.yaml is Swagger 2.0; drift reads OpenAPI 3.0 and 3.1: convert it first (e.g. npx swagger2openapi)',
    ],
    [
      'an HTML page',
      '<!DOCTYPE html><html><body>Sign in</body></html>',
      'prod.yaml is an HTML page, not an OpenAPI description (a login page or a docs site?)',
    ],
    [
      'no operations',
      'openapi: 3.1.0\ninfo: {}\n',
      'prod.yaml describes no operation: it has neither "paths" nor "webhooks"',
    ],
    [
      'a $ref to another file',
      'openapi: 3.1.0\npaths:\n  /a:\n    get:\n      responses:\n        "200": {$ref: "common.yaml#/responses/Ok"}\n',
      'prod.yaml refers to another document ("common.yaml#/responses/Ok" at /paths/~1a/get/responses/200/$ref): bundle it into one file first, e.g. npx @redocly/cli bundle',
    ],
    [
      'a $ref to nothing',
      'openapi: 3.1.0\npaths:\n  /a:\n    get:\n      responses:\n        "200": {$ref: "#/components/responses/Gone"}\n',
      'prod.yaml has a $ref to nothing ("#/components/responses/Gone" at /paths/~1a/get/responses/200/$ref)',
    ],
    [
      'a $ref by anchor',
      'openapi: 3.1.0\npaths:\n  /a:\n    get:\n      responses:\n        "200": {$ref: "#ok"}\n',
      'prod.yaml has a $ref by anchor ("#ok" at /paths/~1a/get/responses/200/$ref): drift follows JSON pointers only',
    ],
    [
      'an alias that contains itself',
      'openapi: 3.1.0\npaths: &loop\n  /a: *loop\n',
      'prod.yaml has a YAML alias that contains itself at /paths/~1a: write it out',
    ],
  ])('refuses %s', (_name, text, message) => {
    expect(refusal(text)).toBe(message);
  });

  it('refuses YAML that does not parse, saying where', () => {
    expect(refusal('openapi: 3.1.0\npaths: [\n')).toMatch(
      /^prod\.yaml is neither JSON nor YAML: .* at line \d+, column \d+:$/,
    );
  });

  it('refuses nesting deeper than any description, without a stack overflow', () => {
    const deep = `{"openapi": "3.1.0", "paths": {}, "info": {"title": ${'['.repeat(5000)}${']'.repeat(5000)}}}`;
    expect(refusal(deep)).toMatch(
      /^prod\.yaml nests deeper than 256 levels at \/info\/title(\/0)+: no description does$/,
    );
  });

  it('refuses an enum over 10,000 values, and a description over 2,000,000 nodes, in one line and at once', () => {
    const spec = (values: unknown[]) =>
      JSON.stringify({
        openapi: '3.1.0',
        paths: {},
        components: { schemas: { Mood: { type: 'string', enum: values } } },
      });
    // One value over the cap is refused as 3.7 million were (the incident's): the same check, at its edge.
    expect(refusal(spec(Array.from({ length: 10_001 }, (_, i) => i.toString(36))))).toBe(
      'prod.yaml has an enum of 10,001 values at /components/schemas/Mood/enum, more than the 10,000 standin drift compares: no API declares so many',
    );
    // 10,000 is taken: the cap is the most, not one less.
    expect(() => readDescription(spec(Array.from({ length: 10_000 }, (_, i) => `v${i}`)), 'prod.yaml')).not.toThrow();
    // JSON.stringify's text of { openapi, paths, 'x-ok', info: { many: 2,000,001 empty objects } }, written out:
    // stringifying two million objects took longer than reading them.
    const wide = `{"openapi":"3.1.0","paths":{},"x-ok":1,"info":{"many":[${'{},'.repeat(2_000_000)}{}]}}`;
    expect(refusal(wide)).toBe(
      'prod.yaml holds over 2,000,000 objects and arrays, more than standin drift compares: no description does',
    );
  });

  it('merges YAML merge keys, and reads a $ref in an example, a default or an extension as data', () => {
    const text = [
      'openapi: 3.1.0',
      'paths: {}',
      'x-shared: &named {type: object, properties: {id: {type: string}}}',
      'components:',
      '  schemas:',
      '    Person:',
      '      <<: *named',
      '      example: {$ref: "https://example.com/elsewhere"}',
      '      properties:',
      '        default: {type: string, default: {$ref: "other.yaml"}}',
      '    Wrong:',
      '      properties:',
      '        example: {$ref: "other.yaml#/Example"}',
    ].join('\n');
    // A field named `example` is a field: its $ref is followed, and leads out of the document.
    expect(refusal(text)).toBe(
      'prod.yaml refers to another document ("other.yaml#/Example" at /components/schemas/Wrong/properties/example/$ref): bundle it into one file first, e.g. npx @redocly/cli bundle',
    );
    const person = readDescription(text.split('\n').slice(0, 10).join('\n'), 'prod').root as {
      components: { schemas: { Person: Record<string, unknown> } };
    };
    expect(Object.keys(person.components.schemas.Person).sort()).toEqual(['example', 'properties', 'type']);
  });

  it('refuses a YAML alias bomb (yaml stops it) in one line', () => {
    const lines = ['openapi: 3.1.0', 'paths: {}', 'a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++)
      lines.push(
        `${'b'.repeat(i)}: &${'b'.repeat(i)} [${Array(10)
          .fill(`*${i === 1 ? 'a' : 'b'.repeat(i - 1)}`)
          .join(', ')}]`,
      );
    expect(refusal(lines.join('\n'))).toBe(
      'prod.yaml is neither JSON nor YAML: Excessive alias count indicates a resource exhaustion attack',
    );
  });
});
