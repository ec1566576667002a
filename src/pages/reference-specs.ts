// The two spec documents as the reference shows them: each pointed at the server that answers the page through
// a relative server URL (so "Try it" reaches this mock, on whatever port and host it runs, and no answer echoes
// the request's Host), openapi.yaml with examples of the running world in place of Swagger UI's placeholders,
// and control.yaml made self-contained, with what it takes from openapi.yaml copied in, so the browser never
// asks for a file the server does not have.
import type { OpenAPIV3_1 } from 'openapi-types';
import { BASE_PATH } from '../http/app.js';
import { getCompiledControlSpec, getCompiledSpec } from '../spec/compiled-spec.js';
import type { OperationExample, WorldExamples } from './world-examples.js';

/** Where the controls live (the mock mounts them there; spec/control.yaml's paths are relative to it). */
const CONTROL_PATH = '/__mock';

export type ReferenceSpec = 'api' | 'control';

type Components = Record<string, Record<string, unknown> | undefined>;

/** control.yaml points into openapi.yaml with `./openapi.yaml#/components/<kind>/<name>`. */
const API_REF = /^\.\/openapi\.yaml#\/components\/([^/]+)\/([^/]+)$/;
const LOCAL_REF = /^#\/components\/([^/]+)\/([^/]+)$/;

let controlBundled: OpenAPIV3_1.Document | null = null;

/**
 * A spec document whose `servers` is this server, as a URL relative to the document's own (OpenAPI 3.1 §4.8.5):
 * the browser resolves it against the origin it loaded the page from; the API's with the world's examples, if
 * given.
 * @example referenceSpec('api').servers // [{ url: '/api/v2', description: 'This standin server' }]
 */
export function referenceSpec(spec: ReferenceSpec, examples?: WorldExamples): OpenAPIV3_1.Document {
  const document = spec === 'api' ? getCompiledSpec().document : bundledControl();
  const base = spec === 'api' ? BASE_PATH : CONTROL_PATH;
  const served = { ...document, servers: [{ url: base, description: 'This standin server' }] };
  if (spec === 'api') served.paths = servedAtRoot(document.paths ?? {});
  return examples && spec === 'api' ? withExamples(served, examples) : served;
}

type Node = Record<string, unknown>;

/** The hooks' own servers (WH1) as this server's root, wherever it runs, in place of the spec's default port. */
function servedAtRoot(paths: OpenAPIV3_1.PathsObject): OpenAPIV3_1.PathsObject {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      item?.servers ? { ...item, servers: [{ url: '/', description: "This standin server's root" }] } : item,
    ]),
  );
}

/**
 * The document with each operation's example in place: the answer as its 200 or 201 JSON's `example`, the
 * request body's, and the path parameters' (so "Try it" opens on a record that exists). Copies along the way
 * only: the compiled document stays as it is.
 */
function withExamples(document: OpenAPIV3_1.Document, examples: WorldExamples): OpenAPIV3_1.Document {
  const components = document.components as Record<string, Record<string, Node>>;
  const resolved = (node: Node): Node => {
    const ref = typeof node.$ref === 'string' ? LOCAL_REF.exec(node.$ref) : null;
    return ref ? { ...components[ref[1] ?? '']?.[ref[2] ?? ''] } : { ...node };
  };
  const paths = { ...document.paths } as Record<string, Node>;
  for (const op of getCompiledSpec().operations) {
    const example = examples.operations.get(op.operationId);
    if (!example) continue;
    const item = (paths[op.path] = { ...paths[op.path] });
    const method = op.method.toLowerCase();
    item[method] = withExample(item[method] as Node, example, resolved);
  }
  const { person, now } = examples;
  const seen = `The examples are this server's world as ${person.name} (the default person, ${person.id}) saw it at ${now}, when this page asked for them: the answers, the ids in "Try it out", and the request bodies.`;
  const description = `${document.info.description ?? ''}\n\n${seen}`;
  return { ...document, info: { ...document.info, description }, paths };
}

function withExample(operation: Node, example: OperationExample, resolved: (node: Node) => Node): Node {
  const copy = { ...operation };
  const withMedia = (node: Node, value: unknown): Node => {
    const target = resolved(node);
    const content = target.content as Record<string, Node>;
    target.content = { ...content, 'application/json': { ...content['application/json'], example: value } };
    return target;
  };
  if (example.answer !== undefined) {
    const responses = { ...(copy.responses as Record<string, Node>) };
    const status = ['201', '200'].find((code) => {
      const response = responses[code];
      return response !== undefined && (resolved(response).content as Node | undefined)?.['application/json'];
    });
    if (status) responses[status] = withMedia(responses[status] as Node, example.answer);
    copy.responses = responses;
  }
  if (example.body !== undefined && copy.requestBody)
    copy.requestBody = withMedia(copy.requestBody as Node, example.body);
  const { params, query } = example;
  if ((params || query) && Array.isArray(copy.parameters)) {
    copy.parameters = (copy.parameters as Node[]).map((parameter) => {
      const target = resolved(parameter);
      const values = target.in === 'path' ? params : target.in === 'query' ? query : undefined;
      const value = values?.[String(target.name)];
      return value === undefined ? parameter : { ...target, example: value };
    });
  }
  return copy;
}

/** control.yaml with openapi.yaml's components it uses, transitively, copied in; made once. */
function bundledControl(): OpenAPIV3_1.Document {
  controlBundled ??= bundle(getCompiledControlSpec().document, getCompiledSpec().document);
  return controlBundled;
}

function bundle(control: OpenAPIV3_1.Document, api: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const apiComponents = (api.components ?? {}) as Components;
  const pending: Array<[kind: string, name: string]> = [];
  const toLocal = (ref: string, pattern: RegExp): string => {
    const [, kind = '', name = ''] = pattern.exec(ref) ?? [];
    pending.push([kind, name]);
    return `#/components/${kind}/${name}`;
  };
  // A deep copy, free to add to, whose references into openapi.yaml are local ones now.
  const document = rewriteRefs(control, (ref) => (API_REF.test(ref) ? toLocal(ref, API_REF) : ref));
  const components = (document.components ??= {}) as Components;
  // Each component taken from openapi.yaml brings those it refers to, named as openapi.yaml names them.
  const copied = new Set<string>();
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [kind, name] = next;
    if (copied.has(`${kind}/${name}`)) continue;
    copied.add(`${kind}/${name}`);
    const component = apiComponents[kind]?.[name];
    if (component === undefined)
      throw new Error(`standin: spec/control.yaml refers to ${kind}/${name}, not in openapi.yaml`);
    const own = (components[kind] ??= {});
    if (Object.hasOwn(own, name)) {
      throw new Error(`standin: spec/control.yaml and spec/openapi.yaml both define ${kind}/${name}; rename one`);
    }
    own[name] = rewriteRefs(component, (ref) => (LOCAL_REF.test(ref) ? toLocal(ref, LOCAL_REF) : ref));
  }
  return document;
}

/** A copy of `node` with every `$ref` string passed through `rewrite`. */
function rewriteRefs<T>(node: T, rewrite: (ref: string) => string): T {
  if (Array.isArray(node)) return node.map((item: unknown) => rewriteRefs(item, rewrite)) as T;
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' ? rewrite(value) : rewriteRefs(value, rewrite),
    ]),
  ) as T;
}
