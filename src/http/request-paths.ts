// Every route's list of steps as the mock runs it, kept where a reader can ask for it: the path a request takes
// through the mock is one list, printed by describeRequestPath (issue 34, point 1), never a description beside
// the code that could drift from it.
import type { Step } from './steps.js';

/** One routed path: each method's steps, and the 405's for the others. */
interface RoutedPath {
  /** The path as the spec writes it, its parameters in braces, split at its slashes. */
  segments: readonly string[];
  routes: ReadonlyMap<string, { steps: readonly Step[] }>;
  notAllowed: readonly Step[];
}

/** Whether a path segment is a parameter: `{goal_id}` as the spec writes it, `:goal_id` as Hono does. */
const isParameter = (segment: string) => /^(\{[^}]*\}|:\w+)$/.test(segment);

/**
 * @example const paths = new RequestPaths();
 * paths.steps('POST', '/api/v2/goals/{goal_id}/goal-updates')
 */
export class RequestPaths {
  readonly #paths: RoutedPath[] = [];
  /** The steps of a path no route takes: the 404's, after its area's steps (set once the routes are made). */
  notFound: (path: string) => readonly Step[] = () => [];

  /** Keeps a routed path's lists (operation-routes.ts). */
  add(path: string, routes: ReadonlyMap<string, { steps: readonly Step[] }>, notAllowed: readonly Step[]): void {
    this.#paths.push({ segments: path.split('/'), routes, notAllowed });
  }

  /**
   * The steps a request of `method` to `path` runs: `path` as the spec writes it (`/api/v2/goals/{id}`, any
   * parameter name) or as sent (`/api/v2/goals/5f…`), its query left out. Where a path has both, a fixed
   * segment is taken before a parameter, as the router does (`/__mock/webhooks/deliveries`).
   */
  steps(method: string, path: string): readonly Step[] {
    const wanted = path.split('?')[0]!.split('/');
    let best: RoutedPath | undefined;
    let bestParameters = Infinity;
    for (const routed of this.#paths) {
      const parameters = matchedParameters(routed.segments, wanted);
      if (parameters !== null && parameters < bestParameters) [best, bestParameters] = [routed, parameters];
    }
    if (!best) return this.notFound(wanted.join('/'));
    const verb = method.toUpperCase();
    return best.routes.get(verb === 'HEAD' ? 'GET' : verb)?.steps ?? best.notAllowed;
  }
}

/** How many of a routed path's segments are parameters, when `wanted` is that path; null when it is not. */
function matchedParameters(segments: readonly string[], wanted: readonly string[]): number | null {
  if (segments.length !== wanted.length) return null;
  let parameters = 0;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (isParameter(segment)) {
      if (wanted[i] === '') return null;
      parameters++;
    } else if (segment !== wanted[i]) return null;
  }
  return parameters;
}

/**
 * The names of the steps a request of `method` to `path` runs through a mock's app, in order: the front's, its
 * area's guards, its operation's and its handler (or a 405's, a 404's).
 * @example describeRequestPath(mock, 'POST', '/api/v2/goals/{goal_id}/goal-updates') // ['tell (request:start, request:end)', …]
 */
export function describeRequestPath(
  mock: { readonly requestPaths: RequestPaths },
  method: string,
  path: string,
): string[] {
  return mock.requestPaths.steps(method, path).map((step) => step.name);
}
