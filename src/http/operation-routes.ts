// Owns how a spec's operations become routes, for /api/v2, the hooks and /__mock alike: each operation's list of
// steps (steps.ts) made once, on its method and path, and on each of those paths every other method a 405
// problem with `Allow` naming the documented ones (G8, CI7); one handler per path, which Hono's router calls
// alone (no middleware: no compose), and every list kept where describeRequestPath finds it (request-paths.ts).
import type { Context, Hono } from 'hono';
import type { RequestArea } from '../runtime/mock-events.js';
import type { SpecOperation } from '../spec/compiled-spec.js';
import { areaOf } from './front.js';
import { noSuchRoute } from './no-such-route.js';
import { problemResponse } from './problem.js';
import type { RequestPaths } from './request-paths.js';
import { Exchange, runSteps, type MockEnv, type OnError, type Step } from './steps.js';

/** How one spec's operations are routed. */
export interface OperationRouting {
  /** Where its paths start: `/api/v2`, `` for the hooks at the service root, `/__mock`. */
  prefix: string;
  area: RequestArea;
  /** The steps before each operation's own: the front's, and the area's guards. */
  before: readonly Step[];
  /** An operation's own steps, its handler last. */
  steps: (op: SpecOperation) => readonly Step[];
  /** What a 405 names as its source: the rule (G8, WH1) or the spec (spec/control.yaml). */
  source: string;
  onError: OnError;
}

/** G8: a method no operation of the path has: 405, `Allow` naming those it has. */
function methodNotAllowed(methods: readonly string[], source: string): Step {
  return {
    name: `method-not-allowed (${source})`,
    run: ({ c, transcript }) =>
      problemResponse(
        transcript,
        405,
        'method-not-allowed',
        `${c.req.method} is not allowed on ${c.req.path}; allowed: ${methods.join(', ')} (${source}).`,
        undefined,
        { allow: methods.join(', ') },
      ),
  };
}

/**
 * G8: the last step of a path no route takes: 404, naming the path meant when there is one.
 * @example [...front.other, noRoute]
 */
export const noRoute: Step = {
  name: 'no-such-route (G8)',
  run: ({ c, transcript }) => noSuchRoute(transcript, c.req.method, c.req.path),
};

/**
 * An app's answer to a path no route takes: the steps RequestPaths gives it (its area's, then the 404's).
 * @example app.notFound(answerNotFound(paths, onError))
 */
export function answerNotFound(
  paths: RequestPaths,
  onError: OnError,
): (c: Context<MockEnv>) => Response | Promise<Response> {
  return (c) => runSteps(new Exchange(c, areaOf(c.req.path), null), paths.notFound(c.req.path), onError);
}

/**
 * Each path gets one handler, which picks its operation's steps by method (HEAD as GET) and runs them.
 * @example routeOperations(app, paths, spec.operations, { prefix: '/api/v2', area: 'api', before: front.api, steps, source: 'G8', onError })
 */
export function routeOperations(
  app: Hono<MockEnv>,
  paths: RequestPaths,
  operations: readonly SpecOperation[],
  { prefix, area, before, steps, source, onError }: OperationRouting,
): void {
  const routesByPath = new Map<string, Map<string, { op: SpecOperation; steps: readonly Step[] }>>();
  for (const op of operations) {
    const path = prefix + op.path;
    const routes = routesByPath.get(path) ?? new Map<string, { op: SpecOperation; steps: readonly Step[] }>();
    routes.set(op.method.toUpperCase(), { op, steps: [...before, ...steps(op)] });
    routesByPath.set(path, routes);
  }
  for (const [path, routes] of routesByPath) {
    const notAllowed = [...before, methodNotAllowed([...routes.keys()], source)];
    paths.add(path, routes, notAllowed);
    app.all(path.replace(/\{(\w+)\}/g, ':$1'), (c) => {
      const { method } = c.req;
      const route = routes.get(method === 'HEAD' ? 'GET' : method);
      return runSteps(new Exchange(c, area, route?.op ?? null), route?.steps ?? notAllowed, onError);
    });
  }
}
