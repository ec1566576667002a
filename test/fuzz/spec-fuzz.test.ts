// Spec-driven fuzzing (G8: never a 5xx for bad input): sequences of requests generated from both specs and
// mutated (fuzz-requests.ts), each sent to a fresh mock in-process. After every request: no 5xx, the answer
// documented by the spec (status, content type, schema; errors as problem+json) and the store's invariants;
// after every sequence, the invariants seen through the API. Seeded and replayable; a failure prints its
// shrunk sequence as curl lines. `npm test` runs a short seeded run; `npm run fuzz` at least 10,000 requests.
import fc from 'fast-check';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../../src/http/app.js';
import { isLoopbackOrigin } from '../../src/http/cross-origin.js';
import { getCompiledControlSpec, getCompiledSpec, loadSpecChecks } from '../../src/spec/compiled-spec.js';
import { apiProblems, storeProblems } from '../support/world-invariants.js';
import { curlLines } from './curl-lines.js';
import { bodyText } from '../support/body-text.js';
import {
  allOperationIds,
  factsOf,
  patternProbe,
  requestArbitrary,
  sometimes,
  type FuzzRequest,
} from './fuzz-requests.js';

const NOW = '2026-11-20T15:00:00Z';
const SEED = Number(process.env.STANDIN_FUZZ_SEED ?? 20261124);
/** Requests in all: the in-suite run's default, or STANDIN_FUZZ_REQUESTS (npm run fuzz sets 10,000). */
const REQUESTS = Number(process.env.STANDIN_FUZZ_REQUESTS ?? 1500);
const PER_SEQUENCE = 25;
const FOCUS = process.env.STANDIN_FUZZ_FOCUS;

const api = getCompiledSpec();
const control = getCompiledControlSpec();
const sent = { requests: 0, byOperation: new Map<string, number>(), statuses: new Map<number, number>() };

/** Problems of one answer: a 5xx that no fault profile injected, or anything the spec does not document. */
async function answerProblems(request: FuzzRequest, response: Response): Promise<string[]> {
  const text = await bodyText(response);
  const contentType = response.headers.get('content-type');
  let body: unknown = text === '' ? undefined : text;
  if (text !== '' && /json/.test(contentType ?? '')) {
    try {
      body = JSON.parse(text);
    } catch {
      return [`${response.status} with a ${contentType} body that does not parse: ${text.slice(0, 120)}`];
    }
  }
  // A fault profile the fuzzer set (MK6) answers 5xx by design, saying so: an answer its operation declares (G8),
  // checked below as any other.
  if (response.status >= 500 && !text.includes('urn:standin:problem:injected-fault'))
    return [`G8: ${response.status}: ${text.slice(0, 300)}`];
  // The path the app routes: a URL's dot segments resolved, `%2e%2e` included (WHATWG URL, as every client and
  // the node server do), so `/webhooks/deliveries/%2e%2e/redeliver` is answered as `/webhooks/redeliver`.
  const path = new URL(request.url, 'http://fuzz.invalid').pathname;
  const g13 = crossOriginProblems(request, response, path);
  if (g13) return [g13];
  const op = path.startsWith('/api/v2/')
    ? api.findOperation(request.method, path.slice('/api/v2'.length))
    : path.startsWith('/__mock/')
      ? control.findOperation(request.method, path.slice('/__mock'.length))
      : undefined;
  if (op) return op.checkResponse(response.status, contentType, body).map((p) => `${op.operationId}: ${p}`);
  if (response.status >= 400 && request.method !== 'HEAD' && !/^application\/problem\+json/.test(contentType ?? '')) {
    return [`an error without an operation must still be problem+json (G8), got ${response.status} ${contentType}`];
  }
  return [];
}

/**
 * G13: a control asked by a page of another site (or a script or form of one) is refused with 403, whatever
 * else is wrong with it but a URL over the limit (414 comes first); /api/v2 answers every origin readably.
 */
function crossOriginProblems(request: FuzzRequest, response: Response, path: string): string | null {
  const { origin, 'sec-fetch-site': site } = request.headers;
  if (path.startsWith('/api/v2/')) {
    return response.headers.get('access-control-allow-origin') === '*'
      ? null
      : `G13: ${request.method} ${path} from ${origin ?? 'no origin'} without Access-Control-Allow-Origin: *`;
  }
  if (!path.startsWith('/__mock/') || response.status === 414) return null;
  // Not even a navigation (a link, an iframe) of another site opens a control (issue 33: iframes of the state's
  // export ran a server's heap out).
  const foreign = origin !== undefined ? !isLoopbackOrigin(origin) : site === 'cross-site';
  if (foreign && response.status !== 403) {
    return `G13: ${request.method} ${path} from ${origin ?? 'a cross-site load'} answered ${response.status}, not 403`;
  }
  if (foreign && response.headers.get('access-control-allow-origin') !== null)
    return `G13: a refused ${request.method} ${path} is readable by ${origin ?? 'another site'}`;
  return null;
}

/** Sends one request; a fault profile or rate limit it switched on is switched off again, so that the
 * rest of the sequence reaches the world (faults and limits have tests of their own). */
async function send(mock: Mock, request: FuzzRequest): Promise<string[]> {
  const response = await mock.app.request(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  sent.requests++;
  sent.byOperation.set(request.operationId, (sent.byOperation.get(request.operationId) ?? 0) + 1);
  sent.statuses.set(response.status, (sent.statuses.get(response.status) ?? 0) + 1);
  const problems = await answerProblems(request, response);
  const session = request.headers['x-mock-session'];
  const sessionHeader: Record<string, string> = session ? { 'x-mock-session': session } : {};
  if (response.status === 200 && request.operationId === 'putFaults')
    await mock.app.request('/__mock/faults', { method: 'DELETE', headers: sessionHeader });
  if (response.status === 200 && request.operationId === 'setRateLimit') {
    await mock.app.request('/__mock/rate-limit', {
      method: 'PUT',
      headers: { ...sessionHeader, 'content-type': 'application/json' },
      body: '{"enabled":false}',
    });
  }
  const world =
    session && /^[\w.-]{1,64}$/.test(session) && mock.worlds.sessions.list().some((s) => s.name === session)
      ? mock.worlds.slotFor(session).world
      : mock.world;
  return [...problems, ...storeProblems(world)];
}

const facts = factsOf(createMock({ now: NOW }));

describe('fuzzing both specs', () => {
  // A built tree's checks load on demand; the files run before this one in a worker may not have asked.
  beforeAll(() => loadSpecChecks());

  afterAll(() => {
    const statuses = [...sent.statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.log(
      `fuzz: ${sent.requests} requests, seed ${SEED}, ${sent.byOperation.size - (sent.byOperation.has('(unknown route)') ? 1 : 0)}/${allOperationIds().length} operations; statuses ${statuses}`,
    );
  });

  it(
    `answers ${REQUESTS} generated and mutated requests with no 5xx, as documented, keeping the world's invariants`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc
            .tuple(
              sometimes(patternProbe(facts), FOCUS ? 0 : 10, [] as FuzzRequest[]),
              fc.array(requestArbitrary(facts, FOCUS), { minLength: 1, maxLength: PER_SEQUENCE, size: 'max' }),
            )
            .map(([probe, rest]) => [...probe, ...rest]),
          async (requests) => {
            const mock = createMock({ now: NOW });
            for (const [i, request] of requests.entries()) {
              const problems = await send(mock, request);
              if (problems.length > 0)
                throw new Error(`request ${i + 1} of ${requests.length}: ${problems.slice(0, 3).join('; ')}`);
            }
            // An override rule the fuzzer left (one use of a 401) would answer the invariants' own reads.
            await mock.app.request('/__mock/overrides', { method: 'DELETE' });
            const seen = await apiProblems(mock);
            if (seen.length > 0) throw new Error(`after ${requests.length} requests: ${seen.slice(0, 3).join('; ')}`);
          },
        ),
        {
          seed: SEED,
          numRuns: Math.ceil(REQUESTS / 12),
          endOnFailure: false,
          reporter(details) {
            if (!details.failed) return;
            const shrunk = details.counterexample?.[0];
            throw new Error(
              [
                `fuzz failure (replay: STANDIN_FUZZ_SEED=${SEED}${FOCUS ? ` STANDIN_FUZZ_FOCUS=${FOCUS}` : ''}): ${String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance)}`,
                'the shrunk sequence, against a fresh `npm start -- --now 2026-11-20T15:00:00Z`:',
                shrunk ? curlLines(shrunk) : '(none)',
              ].join('\n'),
            );
          },
        },
      );
      // Every operation of both specs was tried (a focused run: that one).
      const missing = FOCUS ? [] : allOperationIds().filter((id) => !sent.byOperation.has(id));
      expect(missing).toEqual([]);
    },
    // Only a hang ends it: 400 ms a request, where a quiet box takes about 10 (npm test's 1,500: 600 s).
    REQUESTS * 400,
  );
});
