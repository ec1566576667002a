// An exchange as standin proxy's forwarding hands it on once it has ended (src/proxy/forward.ts), made by hand for
// the unit tests of what the proxy keeps of it: both bodies captured as they would have passed, headers as sent.
import { Capture, CaptureBudget } from '../../src/proxy/body-capture.js';
import type { EndedExchange } from '../../src/proxy/forward.js';

/** What a test says of the exchange; the rest is an ordinary GET /api/v2/me answered 200 with `{}`. */
export interface ExchangeParts extends Partial<Omit<EndedExchange, 'request' | 'response'>> {
  requestBody?: Buffer | string;
  responseBody?: Buffer | string;
  budget?: CaptureBudget;
}

/**
 * @example endedExchange({ path: '/api/v2/goals', responseBody: '[]' })
 */
export function endedExchange(parts: ExchangeParts = {}): EndedExchange {
  const { requestBody, responseBody = '{}', budget = new CaptureBudget(), ...rest } = parts;
  const request = new Capture(budget);
  const response = new Capture(budget);
  if (requestBody !== undefined) request.add(Buffer.from(requestBody));
  response.add(Buffer.from(responseBody));
  return {
    method: 'GET',
    path: '/api/v2/me',
    started: performance.now(),
    startedAt: new Date('2026-11-20T09:00:00Z'),
    waited: 0,
    requestHeaders: [],
    status: 200,
    statusText: 'OK',
    responseHeaders: [['Content-Type', 'application/json']],
    own: null,
    ...rest,
    request,
    response,
  };
}
