// G2's output half: every id the server writes is a lowercase UUID v4, and the spec says so exactly — each `id`
// of the API's schemas is the `Id` schema, whose pattern is that form — so the kit and standin proxy still find an
// answer whose ids are upper case, another version or the nil UUID, while requests may send any UUID.
import { describe, expect, it } from 'vitest';
import { LOWERCASE_UUID_V4 } from '../src/spec/formats.js';
import { getCompiledSpec } from '../src/spec/compiled-spec.js';
import { Harness } from './support/harness.js';
import { defined } from './support/defined.js';
import { OTHER_UUIDS } from './support/other-uuids.js';

const spec = getCompiledSpec();
const schemas = spec.document.components?.schemas as Record<string, Record<string, unknown>>;

/** Every `[where, schema]` of a property named `id`, at any depth of a component schema. */
function* idProperties(node: unknown, where: string): Iterable<[string, Record<string, unknown>]> {
  if (!node || typeof node !== 'object') return;
  const properties = (node as { properties?: Record<string, Record<string, unknown>> }).properties;
  if (properties?.id) yield [`${where}.id`, properties.id];
  for (const [key, value] of Object.entries(node)) yield* idProperties(value, `${where}/${key}`);
}

describe("G2 the ids the server writes: lowercase UUID v4, in the spec's Id schema", () => {
  it("Id's pattern is the lowercase v4 the server writes, and its format the uuid requests may send", () => {
    expect(schemas.Id).toMatchObject({ type: 'string', format: 'uuid', pattern: LOWERCASE_UUID_V4.source });
  });

  it('every id property of the API schemas is the Id schema (a webhook event id through WebhookEventId)', () => {
    const ids = Object.entries(schemas).flatMap(([name, schema]) => [...idProperties(schema, name)]);
    expect(ids.length).toBeGreaterThan(15);
    const refs = ['#/components/schemas/Id', '#/components/schemas/WebhookEventId'];
    for (const [where, schema] of ids) {
      expect(refs, where).toContain(schema.$ref);
      expect(
        Object.keys(schema).filter((key) => key !== '$ref' && key !== 'description'),
        where,
      ).toEqual([]);
    }
    expect(schemas.WebhookEventId?.$ref).toBe('#/components/schemas/Id');
  });

  it('an answer whose id, or a nested id, is upper case, another version or nil breaks the spec under G2', async () => {
    const h = new Harness();
    const goal = defined((await h.get('/api/v2/goals?per_page=1')).body[0], 'a goal');
    const op = defined(spec.findOperation('GET', `/goals/${goal.id}`), 'getGoal');
    expect(op.checkResponse(200, 'application/json', goal)).toEqual([]);
    for (const other of [goal.id.toUpperCase(), ...OTHER_UUIDS.map(([, id]) => id)]) {
      for (const changed of [
        { ...goal, id: other },
        { ...goal, owner: { ...goal.owner, id: other } },
      ]) {
        const problems = op.checkResponse(200, 'application/json', changed);
        expect(problems, other).toHaveLength(1);
        expect(problems[0], other).toMatch(/\(G2\); got /);
      }
    }
  });
});
