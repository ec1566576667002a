// The safety net behind cleanup: finds and deletes whatever a run created, by its marked titles — also when
// the run was killed before its own cleanup could run. Goals take their updates, comments and reactions
// along (GO8), questions their answers (EC6).
import { MARKER, type KitOptions } from './kit-options.js';

async function list(
  options: KitOptions,
  path: string,
): Promise<Array<{ id: string; title?: string; prompt?: string }>> {
  const doFetch = options.fetch ?? fetch;
  const all: Array<{ id: string; title?: string; prompt?: string }> = [];
  for (let page = 1; page < 2000; page++) {
    const response = await doFetch(`${options.baseUrl}${path}?per_page=50&page=${page}`, {
      headers: { authorization: `Bearer ${options.token}` },
    });
    if (!response.ok) break;
    const body = (await response.json()) as typeof all;
    all.push(...body);
    if (body.length < 50) break;
  }
  return all;
}

/**
 * Deletes every goal and echo question whose title or prompt carries this run's mark.
 * @example await sweep({ baseUrl, token, runId }) // → number of records deleted
 */
export async function sweep(options: KitOptions): Promise<number> {
  if (!options.runId || options.readOnly) return 0;
  const mark = `${MARKER} ${options.runId}`;
  const doFetch = options.fetch ?? fetch;
  let deleted = 0;
  for (const path of ['/goals', '/echo/questions']) {
    for (const record of await list(options, path)) {
      if (!(record.title ?? '').startsWith(mark) && !(record.prompt ?? '').startsWith(mark)) continue;
      const response = await doFetch(`${options.baseUrl}${path}/${record.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${options.token}` },
      });
      if (response.status === 204) deleted++;
    }
  }
  return deleted;
}
