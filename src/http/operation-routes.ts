// Owns how a spec's operations become routes, for /api/v2 and /__mock alike: each operation on its method and
// path, and on each of those paths every other method a 405 problem with `Allow` naming the documented ones
// (G8, CI7).
import type { Handler, Hono } from 'hono';
import type { SpecOperation } from '../spec/compiled-spec.js';
import type { PipelineEnv } from './pipeline.js';
import { problemResponse } from './problem.js';

/**
 * @example routeOperations(app, spec.operations, '/api/v2', (op) => apiRoute(op, handlers[op.operationId], settings), 'G8')
 */
export function routeOperations(
  app: Hono<PipelineEnv>,
  operations: readonly SpecOperation[],
  prefix: string,
  route: (op: SpecOperation) => Handler<PipelineEnv>,
  source: string,
): void {
  const methodsByPath = new Map<string, string[]>();
  for (const op of operations) {
    const path = prefix + op.path.replace(/\{(\w+)\}/g, ':$1');
    app.on(op.method, path, route(op));
    methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), op.method]);
  }
  for (const [path, methods] of methodsByPath) {
    app.all(path, (c) =>
      problemResponse(
        c.get('transcript'),
        405,
        'method-not-allowed',
        `${c.req.method} is not allowed on ${c.req.path}; allowed: ${methods.join(', ')} (${source}).`,
        undefined,
        { allow: methods.join(', ') },
      ),
    );
  }
}
