// The two spec documents as the reference shows them: each pointed at the server that answers the page through
// a relative server URL (so "Try it" reaches this mock, on whatever port and host it runs, and no answer echoes
// the request's Host), and control.yaml made self-contained, with what it takes from openapi.yaml copied in, so
// the browser never asks for a file the server does not have.
import type { OpenAPIV3_1 } from 'openapi-types';
import { BASE_PATH } from '../http/app.js';
import { getCompiledControlSpec, getCompiledSpec } from '../spec/compiled-spec.js';

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
 * the browser resolves it against the origin it loaded the page from.
 * @example referenceSpec('api').servers // [{ url: '/api/v2', description: 'This standin server' }]
 */
export function referenceSpec(spec: ReferenceSpec): OpenAPIV3_1.Document {
  const document = spec === 'api' ? getCompiledSpec().document : bundledControl();
  const base = spec === 'api' ? BASE_PATH : CONTROL_PATH;
  return { ...document, servers: [{ url: base, description: 'This standin server' }] };
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
