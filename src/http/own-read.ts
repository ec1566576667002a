// Owns which requests are the dashboard's own reads (GET /__mock/read, mock-controls.ts): requests the mock makes
// to its own app, marked here by their object, which no client can name, so that the front (front.ts) and G14's
// limiter (api-steps.ts) let them past the fault profile, the override rules and the rate limits, and the
// journal marks them. A header would not do: /api/v2 answers any origin (G13), so any client could send it.

/** The requests made by GET /__mock/read, until they are collected. */
const ownReads = new WeakSet<Request>();

/**
 * `request`, marked as the dashboard's own read.
 * @example await mock.app.fetch(ownRead(new Request(url, { headers })))
 */
export function ownRead(request: Request): Request {
  ownReads.add(request);
  return request;
}

/**
 * Whether `request` is one GET /__mock/read made (its very object: a copy is not).
 * @example if (isOwnRead(c.req.raw)) return undefined // not counted (G14)
 */
export function isOwnRead(request: Request): boolean {
  return ownReads.has(request);
}
