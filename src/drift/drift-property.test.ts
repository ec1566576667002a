// A property of standin drift: random changes to standin's spec, made at places that do not touch each other,
// are each reported, with the category their direction gives, and nothing else is (none invented). The places
// and the directions their values travel are found by a walk of the spec written here, apart from drift's own:
// what a client sends (parameters, request bodies) is input, what it receives (answers, their headers, webhook
// payloads) output. Seeded (STANDIN_DRIFT_SEED replays a failure).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { production, specCopy, STANDIN, type Loose } from '../../test/support/drift-pair.js';
import type { Category, ChangeKind } from './drift-change.js';
import { compareDescriptions } from './drift-report.js';
import { childPointer, parentPointer, valueAt } from './json-pointer.js';

type Direction = 'input' | 'output';

/** What a change is expected to report: kind, category and both pointers. */
interface Expected {
  kind: ChangeKind;
  category: Category;
  standin: string | null;
  production: string | null;
}

/** A change to make, where, and what it must report given the directions the changed place is met in. */
interface Mutation {
  readonly target: string;
  readonly label: string;
  apply(spec: Loose): void;
  expect(reached: (pointer: string) => ReadonlySet<Direction>): Expected[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * Every schema node met from an operation or webhook, under the pointer it is written at, with its directions;
 * and the nodes whose own description is read somewhere (not everywhere replaced by one beside the `$ref`).
 */
function reachedSchemas(spec: Loose): Map<string, Set<Direction>> & { described: Set<string> } {
  const reached = Object.assign(new Map<string, Set<Direction>>(), { described: new Set<string>() });
  const deref = (node: Loose, pointer: string): [Loose, string] => {
    let at = pointer;
    let value = node;
    while (value && typeof value.$ref === 'string') {
      at = value.$ref.slice(1);
      value = valueAt(spec, at) as Loose;
    }
    return [value, at];
  };
  const schema = (node: Loose, pointer: string, direction: Direction): void => {
    const [value, at] = deref(node, pointer);
    // A description beside a $ref is read instead of the target's own.
    if (!('$ref' in node) || typeof node.description !== 'string') reached.described.add(at);
    const seen = reached.get(at) ?? new Set<Direction>();
    if (seen.has(direction)) return;
    seen.add(direction);
    reached.set(at, seen);
    for (const [name, property] of Object.entries((value.properties ?? {}) as Loose))
      schema(property as Loose, childPointer(childPointer(at, 'properties'), name), direction);
    if (value.items) schema(value.items as Loose, childPointer(at, 'items'), direction);
    for (const keyword of ['oneOf', 'anyOf', 'allOf'])
      ((value[keyword] ?? []) as Loose[]).forEach((member, i) =>
        schema(member, childPointer(childPointer(at, keyword), i), direction),
      );
  };
  const content = (holder: Loose, pointer: string, direction: Direction) => {
    for (const [type, media] of Object.entries((holder.content ?? {}) as Loose))
      if ((media as Loose).schema)
        schema(
          (media as Loose).schema as Loose,
          childPointer(childPointer(childPointer(pointer, 'content'), type), 'schema'),
          direction,
        );
  };
  const operation = (op: Loose, pointer: string, item: Loose, itemPointer: string, sends: Direction) => {
    for (const [list, at] of [
      [item.parameters, childPointer(itemPointer, 'parameters')],
      [op.parameters, childPointer(pointer, 'parameters')],
    ] as const)
      ((list ?? []) as Loose[]).forEach((p, i) => {
        const [parameter, where] = deref(p, childPointer(at, i));
        if (parameter.schema) schema(parameter.schema as Loose, childPointer(where, 'schema'), sends);
      });
    if (op.requestBody) {
      const [body, where] = deref(op.requestBody as Loose, childPointer(pointer, 'requestBody'));
      content(body, where, sends);
    }
    if (sends === 'output') return;
    for (const [code, r] of Object.entries((op.responses ?? {}) as Loose)) {
      const [response, where] = deref(r as Loose, childPointer(childPointer(pointer, 'responses'), code));
      content(response, where, 'output');
      for (const [name, h] of Object.entries((response.headers ?? {}) as Loose)) {
        const [header, at] = deref(h as Loose, childPointer(childPointer(where, 'headers'), name));
        if (header.schema) schema(header.schema as Loose, childPointer(at, 'schema'), 'output');
      }
    }
  };
  for (const [section, sends] of [
    ['paths', 'input'],
    ['webhooks', 'output'],
  ] as const)
    for (const [path, item] of Object.entries((spec[section] ?? {}) as Loose))
      for (const method of METHODS)
        if ((item as Loose)[method])
          operation(
            (item as Loose)[method] as Loose,
            childPointer(childPointer(`/${section}`, path), method),
            item as Loose,
            childPointer(`/${section}`, path),
            sends,
          );
  return reached;
}

/** A schema node with no `$ref` anywhere below it: changing it makes nothing else unreachable. */
function selfContained(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(selfContained);
  if (typeof node !== 'object' || node === null) return true;
  return !('$ref' in node) && Object.values(node).every(selfContained);
}

const worst = (categories: readonly Category[]): Category =>
  categories.includes('breaking') ? 'breaking' : categories.includes('missing') ? 'missing' : 'compatible';

/** The category of a change met in each of `directions`, by what it is in each. */
const by = (directions: ReadonlySet<Direction>, input: Category, output: Category): Category =>
  worst([...directions].map((d) => (d === 'input' ? input : output)));

/** The change expected at `pointer`, or none when production no longer reaches it (another change removed its way). */
const met = (at: (pointer: string) => ReadonlySet<Direction>, pointer: string, expected: Expected): Expected[] =>
  at(pointer).size > 0 ? [expected] : [];

/** Every change the property may make to standin's spec. */
function candidateMutations(): Mutation[] {
  const spec = specCopy();
  const reached = reachedSchemas(spec);
  const mutations: Mutation[] = [];
  const node = (s: Loose, pointer: string) => valueAt(s, pointer) as Loose;
  const fields = (directions: ReadonlySet<Direction>) =>
    [...directions].map((d) => (d === 'input' ? ('request-field' as const) : ('response-field' as const)));
  for (const [pointer] of [...reached].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const value = node(spec, pointer);
    if (!value || typeof value !== 'object' || '$ref' in value) continue;
    const leaf = selfContained(value) && !value.properties && !value.items && !value.oneOf && !value.anyOf;
    const parent = parentPointer(pointer);
    const container = parent !== null && parent.endsWith('/properties') ? parentPointer(parent) : null;
    if (leaf && container !== null) {
      const name = pointer.slice(pointer.lastIndexOf('/') + 1);
      mutations.push({
        target: pointer,
        label: `remove ${pointer}`,
        apply: (s) => {
          const holder = node(s, container ?? '');
          delete holder.properties[name];
          if (Array.isArray(holder.required)) holder.required = holder.required.filter((n: string) => n !== name);
        },
        // Its container is what production still reaches.
        expect: (at) =>
          fields(at(container ?? '')).map((kind) => ({
            kind,
            category: 'breaking',
            standin: pointer,
            production: container,
          })),
      });
    }
    if (value.properties && !value.oneOf && !value.anyOf && !value.allOf) {
      const added = childPointer(childPointer(pointer, 'properties'), 'drift_added');
      mutations.push({
        target: pointer,
        label: `add an optional field to ${pointer}`,
        apply: (s) => {
          node(s, pointer).properties.drift_added = { type: 'string' };
        },
        expect: (at) =>
          fields(at(pointer)).map((kind) => ({ kind, category: 'missing', standin: pointer, production: added })),
      });
    }
    if (!leaf) continue;
    const types: unknown[] = Array.isArray(value.type) ? value.type : [value.type];
    if (types.includes('string')) {
      mutations.push({
        target: pointer,
        label: `retype ${pointer}`,
        apply: (s) => {
          const here = node(s, pointer);
          here.type = Array.isArray(here.type)
            ? here.type.map((t: string) => (t === 'string' ? 'boolean' : t))
            : 'boolean';
        },
        expect: (at) => met(at, pointer, { kind: 'type', category: 'breaking', standin: pointer, production: pointer }),
      });
    }
    if (typeof value.description === 'string' && reached.described.has(pointer)) {
      mutations.push({
        target: pointer,
        label: `redescribe ${pointer}`,
        apply: (s) => {
          node(s, pointer).description = 'Said another way.';
        },
        expect: (at) =>
          met(at, pointer, { kind: 'description', category: 'compatible', standin: pointer, production: pointer }),
      });
    }
    if (typeof value.maxLength === 'number' && value.maxLength > 1) {
      mutations.push({
        target: pointer,
        label: `shorten ${pointer}`,
        apply: (s) => {
          node(s, pointer).maxLength = Math.floor((value.maxLength as number) / 2);
        },
        expect: (at) =>
          met(at, pointer, {
            kind: 'length',
            category: by(at(pointer), 'breaking', 'compatible'),
            standin: pointer,
            production: pointer,
          }),
      });
    }
    if (Array.isArray(value.enum)) {
      mutations.push({
        target: pointer,
        label: `add an enum value to ${pointer}`,
        apply: (s) => {
          node(s, pointer).enum.push('drift-added');
        },
        expect: (at) =>
          met(at, pointer, {
            kind: 'enum',
            category: by(at(pointer), 'compatible', 'breaking'),
            standin: pointer,
            production: pointer,
          }),
      });
    }
    const listed = Array.isArray(value.enum) ? value.enum.filter((v: unknown) => v !== null) : [];
    if (listed.length >= 2) {
      mutations.push({
        target: pointer,
        label: `drop an enum value of ${pointer}`,
        apply: (s) => {
          const here = node(s, pointer);
          here.enum = here.enum.filter((v: unknown) => v !== listed[0]);
        },
        // A client built on standin may send it, or has been shown it: breaking both ways.
        expect: (at) => met(at, pointer, { kind: 'enum', category: 'breaking', standin: pointer, production: pointer }),
      });
    }
    if (Array.isArray(value.type) && value.type.includes('null') && !(value.enum ?? []).includes(null)) {
      mutations.push({
        target: pointer,
        label: `make ${pointer} not nullable`,
        apply: (s) => {
          const here = node(s, pointer);
          here.type = here.type.filter((t: string) => t !== 'null');
        },
        expect: (at) =>
          met(at, pointer, {
            kind: 'nullable',
            category: by(at(pointer), 'breaking', 'compatible'),
            standin: pointer,
            production: pointer,
          }),
      });
    }
  }
  for (const [path, item] of Object.entries(spec.paths as Loose)) {
    const methods = METHODS.filter((m) => (item as Loose)[m]);
    for (const method of methods) {
      const at = childPointer(childPointer('/paths', path), method);
      mutations.push({
        target: at,
        label: `remove ${at}`,
        apply: (s) => delete s.paths[path][method],
        expect: () => [
          {
            kind: 'operation',
            category: 'breaking',
            standin: at,
            // The path stays in production while another method is on it.
            production: methods.length > 1 ? childPointer('/paths', path) : null,
          },
        ],
      });
      const codes = Object.keys((item as Loose)[method].responses as Loose);
      for (const code of codes.filter((c) => !c.startsWith('2')))
        mutations.push({
          target: childPointer(childPointer(at, 'responses'), code),
          label: `remove ${code} from ${at}`,
          apply: (s) => delete s.paths[path][method].responses[code],
          expect: () => [
            {
              kind: 'status',
              category: 'breaking',
              standin: childPointer(childPointer(at, 'responses'), code),
              production: childPointer(at, 'responses'),
            },
          ],
        });
    }
  }
  for (const i of [1, 2, 3]) {
    const at = childPointer(childPointer('/paths', `/drift-added-${i}`), 'get');
    mutations.push({
      target: at,
      label: `add ${at}`,
      apply: (s) => {
        s.paths[`/drift-added-${i}`] = { get: { responses: { '200': { description: 'Only in production.' } } } };
      },
      expect: () => [{ kind: 'operation', category: 'missing', standin: null, production: at }],
    });
  }
  return mutations;
}

/** Two places touch when one holds the other. */
const touch = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

const CANDIDATES = candidateMutations();
const SEED = Number(process.env.STANDIN_DRIFT_SEED ?? 20261128);
/** Runs of the property: a short one in npm test (about 2 s), more with STANDIN_DRIFT_RUNS. */
const RUNS = Number(process.env.STANDIN_DRIFT_RUNS ?? 60);

describe('standin drift: random changes', () => {
  it('has changes of every family to draw from', () => {
    const families = new Set(CANDIDATES.map((m) => m.label.split(' ')[0]));
    expect([...families].sort()).toEqual(['add', 'drop', 'make', 'redescribe', 'remove', 'retype', 'shorten']);
    expect(CANDIDATES.length).toBeGreaterThan(300);
  });

  it('reports each change made, in its category, and nothing else', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(CANDIDATES.length - 1), { minLength: 1, maxLength: 10 }), (picks) => {
        const chosen: Mutation[] = [];
        for (const pick of picks) {
          const mutation = CANDIDATES[pick];
          if (mutation && !chosen.some((c) => touch(c.target, mutation.target))) chosen.push(mutation);
        }
        const changed = production((spec) => {
          for (const mutation of chosen) mutation.apply(spec);
        });
        // A change under an operation another change removed is not met: the walk of production's copy says
        // which places are still reached, and in which directions.
        const reached = reachedSchemas(changed.root);
        const ours = reachedSchemas(STANDIN.root);
        const directions = (pointer: string) => {
          const theirs = reached.get(pointer) ?? new Set<Direction>();
          return new Set([...(ours.get(pointer) ?? [])].filter((d) => theirs.has(d)));
        };
        const expected = chosen.flatMap((m) => m.expect(directions));
        const key = (e: Expected) => `${e.category} ${e.kind} ${e.standin} ${e.production}`;
        const reported = compareDescriptions({ standin: STANDIN, production: changed }).changes.map((c) =>
          key({ kind: c.kind, category: c.category, standin: c.standin_pointer, production: c.production_pointer }),
        );
        expect([...reported].sort(), chosen.map((m) => m.label).join('\n')).toEqual(
          [...new Set(expected.map(key))].sort(),
        );
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
