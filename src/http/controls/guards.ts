// The guards every /__mock request passes after the front's steps, in order: G13's cross-origin check (before the
// control token, so a foreign page learns nothing, not even that a token is needed), the control token when the
// server has one, the request's world slot (MK5), and the spec's checks loaded (a page loads them with its first
// control request). Steps of every control's list (steps.ts), the 404's under /__mock included.
import { loadSpecChecks } from '../../spec/compiled-spec.js';
import type { Worlds } from '../../runtime/worlds.js';
import { crossOriginStep, type CrossOriginPolicy } from '../cross-origin.js';
import { problemResponse } from '../problem.js';
import { sameText } from '../same-text.js';
import { sessionOf, type Step } from '../steps.js';

/** G13: what a page on an allowed origin may send to the controls and read of their answers. */
const CONTROL_CROSS_ORIGIN = {
  what: "This server's controls (/__mock)",
  methods: ['GET', 'PUT', 'POST', 'PATCH', 'DELETE'],
  headers: ['Authorization', 'Content-Type', 'X-Mock-Session'],
  expose: ['Retry-After', 'WWW-Authenticate'],
  // G13: no control answers a page of another site, not even as a page of its own (a link, an iframe).
  navigations: false,
} as const;

/** MK1: with a control token, every control needs `Authorization: Bearer <it>` (preflights never come here). */
const requireControlToken = (controlToken: string): Step => ({
  name: 'control-token',
  run: ({ c, transcript }) => {
    if (sameText(c.req.header('authorization') ?? '', `Bearer ${controlToken}`)) return undefined;
    return problemResponse(
      transcript,
      401,
      'control-token-required',
      "This server's controls need its control token: send Authorization: Bearer <the --control-token value>.",
      undefined,
      { 'www-authenticate': 'Bearer realm="standin controls"' },
    );
  },
});

/** MK5: the control acts on the world slot its X-Mock-Session names (the shared one without it). */
const selectSession = (worlds: Worlds): Step => ({
  name: 'select-session (MK5)',
  run: (exchange) => sessionOf(exchange, worlds),
});

/**
 * A control's request is checked against control.yaml, and a new override against the spec's responses
 * (overrides.ts): a page loads those checks with its first control request, which no answer of the API waits for
 * (generate-specs.ts); in Node they are there from the start.
 */
const loadChecks: Step = {
  name: 'load-spec-checks',
  run: ({ transcript }) =>
    loadSpecChecks().then(
      () => undefined,
      // The page could not fetch the chunk (offline, a redeploy that removed it): not the request's fault, and
      // no 500; the next request tries the load again.
      (error: unknown) =>
        problemResponse(
          transcript,
          503,
          'checks-unavailable',
          `The spec's checks, which the controls' requests and every override are checked against, did not load in this page (${String((error as Error).message ?? error).slice(0, 60)}); send the request again, which loads them again.`,
          undefined,
          { 'retry-after': '1' },
        ),
    ),
};

/**
 * The controls' guards, in order.
 * @example [...front.other, ...controlGuards(mock.crossOrigin, mock.worlds, controlToken)]
 */
export function controlGuards(policy: CrossOriginPolicy, worlds: Worlds, controlToken: string | undefined): Step[] {
  return [
    crossOriginStep(policy, CONTROL_CROSS_ORIGIN),
    ...(controlToken ? [requireControlToken(controlToken)] : []),
    selectSession(worlds),
    loadChecks,
  ];
}
