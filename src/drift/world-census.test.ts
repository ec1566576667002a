// The census of enum values a world emits: values found beside the schema each record is presented in, counted
// under the pointer of the node that lists them, through nested objects, arrays, nullable $refs and oneOf
// variants; null is no value; a place no record reaches is unknown, not empty.
import { describe, expect, it } from 'vitest';
import { readDescription } from './description-document.js';
import { worldCensus } from './world-census.js';

const SPEC = readDescription(
  JSON.stringify({
    openapi: '3.1.0',
    paths: {},
    components: {
      schemas: {
        Mood: { type: ['string', 'null'], enum: ['calm', 'tired', null] },
        CheckIn: {
          type: 'object',
          properties: {
            type: { const: 'check-in' },
            mood: { $ref: '#/components/schemas/Mood' },
            tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] } },
          },
        },
        Note: { type: 'object', properties: { type: { const: 'note' }, level: { enum: [1, 2, 3] } } },
        Entry: {
          type: 'object',
          properties: {
            resource: {
              oneOf: [{ $ref: '#/components/schemas/CheckIn' }, { $ref: '#/components/schemas/Note' }],
            },
          },
        },
        Wide: { type: 'object', properties: { code: { type: 'string', enum: ['x'] } } },
      },
    },
  }),
  'census spec',
);

describe('the census of what a world emits', () => {
  it('counts the values at each enum, through refs, arrays and oneOf variants; null is no value', () => {
    const emitted = worldCensus(SPEC, [
      { schema: 'CheckIn', value: { type: 'check-in', mood: 'tired', tags: ['b', 'a', 'b'] } },
      { schema: 'CheckIn', value: { type: 'check-in', mood: null, tags: [] } },
      { schema: 'Entry', value: { resource: { type: 'note', level: 2 } } },
      { schema: 'Entry', value: { resource: { type: 'check-in', mood: 'calm' } } },
    ]);
    expect(emitted('/components/schemas/Mood')).toEqual(['calm', 'tired']);
    expect(emitted('/components/schemas/CheckIn/properties/tags/items')).toEqual(['a', 'b']);
    expect(emitted('/components/schemas/CheckIn/properties/type')).toEqual(['check-in']);
    expect(emitted('/components/schemas/Note/properties/level')).toEqual([2]);
    expect(emitted('/components/schemas/Note/properties/type')).toEqual(['note']);
    // Known and empty, against never reached.
    expect(emitted('/components/schemas/Wide/properties/code')).toBeUndefined();
  });

  it('keeps at most 256 distinct values at one place', () => {
    const records = Array.from({ length: 400 }, (_, i) => ({ schema: 'Wide', value: { code: `value-${i}` } }));
    expect(worldCensus(SPEC, records)('/components/schemas/Wide/properties/code')).toHaveLength(256);
  });
});
