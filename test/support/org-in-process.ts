// An organisation answering in-process as production answers over HTTP: a mock's app as the fetch that standin
// import's own reader (read-organisation.ts) asks with, so that the tests of the steps after reading (the
// anonymiser, the builder, a world served back) read it with no port, through the one reader there is.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Mock } from '../../src/http/app.js';
import { readOrganisation } from '../../src/import/read-organisation.js';
import type { SourceOrg } from '../../src/import/source-org.js';

/** Where the organisation answers: any origin, as inProcessFetch answers every request itself. */
export const IN_PROCESS_BASE = 'https://org.standin.test/api/v2';

/**
 * A fetch the mock's app answers, in-process: the organisation's API as a function.
 * @example await readOrganisation({ baseUrl: IN_PROCESS_BASE, token, cacheDir, fetch: inProcessFetch(mock) })
 */
export function inProcessFetch(mock: Mock): typeof fetch {
  return async (input, init) => mock.app.request(input instanceof Request ? input : input.toString(), init);
}

/** The read-only token of the mock's default person: whose view of the organisation is read. */
export function readOnlyToken(mock: Mock): string {
  return mock.world.store.people.get(mock.world.defaultPersonId)!.tokens.readOnly;
}

/**
 * Every record the default person sees, read by standin import's reader through inProcessFetch (its cache a
 * folder of its own, removed after); check-ins and activities since `since`.
 * @example const org = await orgInProcess(createMock({ seed: 7, now: NOW }), '2026-10-21')
 */
export async function orgInProcess(mock: Mock, since: string, comments = true): Promise<SourceOrg> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'standin-org-in-process-'));
  try {
    return await readOrganisation({
      baseUrl: IN_PROCESS_BASE,
      token: readOnlyToken(mock),
      since,
      comments,
      cacheDir,
      fetch: inProcessFetch(mock),
    });
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}
