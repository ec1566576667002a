// A /__mock or /api/v2 call that did not succeed, as the page tells it: the status and the problem's detail.

/**
 * A call answered with an error: its status and the problem's detail (RFC 9457).
 * @example throw new Failure(404, 'No snapshot before-demo.')
 */
export class Failure extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/**
 * What the page says of a failed call: `404 No snapshot …` for a Failure, the error's text for anything else.
 * @example say(describeFailure(error), true)
 */
export function describeFailure(error: unknown): string {
  return error instanceof Failure ? `${error.status} ${error.detail}` : String(error);
}
