// Owns how a spec's operations become routes, for /api/v2 and /__mock alike: each operation on its method and
// path, and on each of those paths every other method a 405 problem with `Allow` naming the documented ones
// (G8, CI7); one handler per path.
import type { Context, Hono } from 'hono';
import type { SpecOperation } from '../spec/compiled-spec.js';
import type { PipelineEnv } from './pipeline.js';
import { problemResponse } from './problem.js';

/**
 * Each path gets one handler, which picks the operation by method (HEAD as GET), so that Hono's router finds
 * one handler for a request and calls it alone (no compose). `wrap` goes around each path's handler (the API's
 * front: front.ts).
 * @example routeOperations(app, spec.operations, '/api/v2', (op) => apiRoute(op, handlers[op.operationId], settings), 'G8')
 */
export function routeOperations(
  app: Hono<PipelineEnv>,
  operations: readonly SpecOperation[],
  prefix: string,
  route: (op: SpecOperation) => OperationRoute,
  source: string,
  wrap: (handler: OperationRoute) => OperationRoute = (handler) => handler,
): void {
  const routesByPath = new Map<string, Map<string, OperationRoute>>();
  for (const op of operations) {
    const path = prefix + op.path.replace(/\{(\w+)\}/g, ':$1');
    const routes = routesByPath.get(path) ?? new Map<string, OperationRoute>();
    routes.set(op.method.toUpperCase(), route(op));
    routesByPath.set(path, routes);
  }
  for (const [path, routes] of routesByPath) {
    const methods = [...routes.keys()];
    const notAllowed = (c: Context<PipelineEnv>) =>
      problemResponse(
        c.get('transcript'),
        405,
        'method-not-allowed',
        `${c.req.method} is not allowed on ${c.req.path}; allowed: ${methods.join(', ')} (${source}).`,
        undefined,
        { allow: methods.join(', ') },
      );
    app.all(
      path,
      wrap((c) => {
        const { method } = c.req;
        const handler = routes.get(method === 'HEAD' ? 'GET' : method);
        return handler ? handler(c) : notAllowed(c);
      }),
    );
  }
}

/** An operation's route (pipeline.ts's pipelineRoute and the like), and one path's, which picks among them. */
export type OperationRoute = (c: Context<PipelineEnv>) => Response | Promise<Response>;
