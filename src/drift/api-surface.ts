// The operations and webhooks of a description, each with what a client meets on the wire: the full path it
// calls (the server's base path and the path, template names left out), the path as written, and where it is.
// Drift pairs standin's with production's by these keys.
import type { DescriptionDocument } from './description-document.js';
import { childPointer, isObject, type JsonObject } from './json-pointer.js';
import { resolveSite } from './schema-shape.js';

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface SurfaceOperation {
  /** `GET /goals/{id}`, the path as the description writes it (below its base path). */
  readonly label: string;
  readonly method: string;
  /** The path with every template segment as `{}`: `/goals/{}`. */
  readonly template: string;
  /** The server's base path the operation is called under (`/api/v2`), `''` for the root. */
  readonly basePath: string;
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
export function serverPath(servers: unknown): string | undefined {
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
  return decodeURI(path).replace(/\/+$/, '');
}

export function templateOf(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '') || '/';
}

/**
 * Every operation of a description, in document order.
 * @example operationsOf(standin).map((o) => o.label) // ['GET /me', 'GET /people', …]
 */
export function operationsOf(document: DescriptionDocument): SurfaceOperation[] {
  const { root } = document;
  const paths = isObject(root.paths) ? root.paths : {};
  const rootBase = serverPath(root.servers) ?? '';
  const operations: SurfaceOperation[] = [];
  for (const path of Object.keys(paths)) {
    const pathPointer = childPointer('/paths', path);
    const { value: pathItem } = resolveSite(document, { value: paths[path], pointer: pathPointer });
    const basePath = serverPath(pathItem.servers) ?? rootBase;
    for (const method of METHODS) {
      const value = pathItem[method];
      if (!isObject(value)) continue;
      operations.push({
        label: `${method.toUpperCase()} ${path}`,
        method,
        template: templateOf(path),
        basePath,
        pointer: childPointer(pathPointer, method),
        value,
        pathPointer,
        pathItem,
      });
    }
  }
  return operations;
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
