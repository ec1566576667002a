// The operations and webhooks of a description, each with what a client meets on the wire: the full path it
// calls (the server's base path and the path, template names left out), the path as written, and where it is.
// Drift pairs standin's with production's by these keys.
import type { DescriptionDocument } from './description-document.js';
import { childPointer, isObject, type JsonObject } from './json-pointer.js';
import { resolveSite } from './schema-shape.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface SurfaceOperation {
  /** `GET /goals/{id}`, the path as the description writes it (below its base path). */
  readonly label: string;
  readonly method: string;
  /** The path with every template segment as `{}`: `/goals/{}`. */
  readonly template: string;
  /** The full path a client calls, template names left out: `/api/v2/goals/{}`. */
  readonly full: string;
  /**
   * The path below the description's base (`/goals/{}` under `/api/v2`, whether the base is written in `servers`
   * or into every path); an operation with servers of its own keeps its full path.
   */
  readonly relative: string;
  readonly pointer: string;
  readonly value: JsonObject;
  /** The path item's pointer and its parameters, which every operation under it takes. */
  readonly pathPointer: string;
  readonly pathItem: JsonObject;
}

export interface SurfaceWebhook {
  readonly label: string;
  readonly name: string;
  readonly method: string;
  readonly pointer: string;
  readonly value: JsonObject;
  readonly pathPointer: string;
  readonly pathItem: JsonObject;
}

/** The path a server URL names (`https://api.example.com/api/v2/` gives `/api/v2`), variables at their defaults. */
function serverPath(servers: unknown): string | undefined {
  if (!Array.isArray(servers) || !isObject(servers[0]) || typeof servers[0].url !== 'string') return undefined;
  const server = servers[0];
  const variables = isObject(server.variables) ? server.variables : {};
  const url = String(server.url).replace(/\{([^}]*)\}/g, (_, name: string) => {
    const variable = variables[name];
    return isObject(variable) && typeof variable.default === 'string' ? variable.default : '';
  });
  let path: string;
  try {
    path = new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return undefined;
  }
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape (`%zz`) is kept as written: it names a path all the same.
  }
  return path.replace(/\/+$/, '');
}

function templateOf(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '') || '/';
}

/** A description's operations, and the base path most of them are called under. */
export interface Surface {
  readonly operations: readonly SurfaceOperation[];
  /** `/api/v2`: the servers' path and what every path then starts with (each keeping a segment of its own). */
  readonly base: string;
}

/** The segments every path starts with, leaving each at least one of its own. */
function sharedSegments(paths: readonly string[]): string {
  const split = paths.map((path) => path.split('/').filter(Boolean));
  const shortest = Math.min(...split.map((segments) => segments.length));
  const shared: string[] = [];
  for (let i = 0; i < shortest - 1; i++) {
    const segment = split[0]?.[i];
    if (segment === undefined || segment.startsWith('{') || split.some((segments) => segments[i] !== segment)) break;
    shared.push(segment);
  }
  return shared.length > 0 ? `/${shared.join('/')}` : '';
}

/**
 * Every operation of a description, in document order, with the base path they share.
 * @example operationsOf(standin).operations.map((o) => o.label) // ['GET /me', 'GET /people', …]
 */
export function operationsOf(document: DescriptionDocument): Surface {
  const { root } = document;
  const paths = isObject(root.paths) ? root.paths : {};
  const rootBase = serverPath(root.servers) ?? '';
  const found: Array<Omit<SurfaceOperation, 'relative'> & { own: boolean }> = [];
  for (const path of Object.keys(paths)) {
    const pathPointer = childPointer('/paths', path);
    const { value: pathItem } = resolveSite(document, { value: paths[path], pointer: pathPointer });
    const own = serverPath(pathItem.servers);
    for (const method of METHODS) {
      const value = pathItem[method];
      if (!isObject(value)) continue;
      found.push({
        label: `${method.toUpperCase()} ${path}`,
        method,
        template: templateOf(path),
        full: `${own ?? rootBase}${templateOf(path)}`,
        own: own !== undefined,
        pointer: childPointer(pathPointer, method),
        value,
        pathPointer,
        pathItem,
      });
    }
  }
  const shared = found.filter((o) => !o.own);
  const base = `${rootBase}${shared.length > 0 ? sharedSegments(shared.map((o) => o.template)) : ''}`;
  const operations = found.map(({ own, ...operation }) => ({
    ...operation,
    relative: own ? operation.full : operation.full.slice(base.length) || '/',
  }));
  return { operations, base };
}

/** Every webhook of a description (OpenAPI 3.1's `webhooks`), in document order. */
export function webhooksOf(document: DescriptionDocument): SurfaceWebhook[] {
  const webhooks = isObject(document.root.webhooks) ? document.root.webhooks : {};
  const found: SurfaceWebhook[] = [];
  for (const name of Object.keys(webhooks)) {
    const pathPointer = childPointer('/webhooks', name);
    const { value: pathItem } = resolveSite(document, { value: webhooks[name], pointer: pathPointer });
    for (const method of METHODS) {
      const value = pathItem[method];
      if (!isObject(value)) continue;
      found.push({
        label: `webhook ${name}`,
        name,
        method,
        pointer: childPointer(pathPointer, method),
        value,
        pathPointer,
        pathItem,
      });
    }
  }
  return found;
}
