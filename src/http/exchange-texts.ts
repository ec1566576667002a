// What the journal shows of an exchange besides its line: the body a request came with, as the mock read it,
// and the text of the answer, as the mock wrote it. Kept beside the Request and Response objects (weakly, so
// they go with them), written where the texts exist anyway: no body is read or cloned twice for the journal.

const requestTexts = new WeakMap<Request, string>();
const responseTexts = new WeakMap<Response, string>();

/** Notes the body text a request was read with (request-body.ts). */
export function noteRequestText(request: Request, text: string): void {
  requestTexts.set(request, text);
}

export function requestTextOf(request: Request): string | undefined {
  return requestTexts.get(request);
}

/**
 * A response with a JSON text body, its text noted for the journal.
 * @example return answered(text, { status: 200, headers })
 */
export function answered(text: string, init: ResponseInit): Response {
  const response = new Response(text, init);
  responseTexts.set(response, text);
  return response;
}

export function responseTextOf(response: Response): string | undefined {
  return responseTexts.get(response);
}
