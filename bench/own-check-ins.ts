// The default person's own check-ins on a running server: records a write may PATCH (CI3), for the soak and
// the state file's tests.

/**
 * The ids of the token's person's check-ins, newest first: all of them (45 in the small world).
 * @example const [first, second] = await ownCheckIns('http://127.0.0.1:4010/api/v2', token);
 */
export async function ownCheckIns(baseUrl: string, token: string): Promise<string[]> {
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await fetch(`${baseUrl}/me`, { headers })).json()) as { id: string };
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const url = `${baseUrl}/check-ins?people_ids[]=${me.id}&per_page=50&page=${page}`;
    const found = (await (await fetch(url, { headers })).json()) as Array<{ id: string }>;
    if (found.length === 0) return ids;
    ids.push(...found.map((checkIn) => checkIn.id));
  }
}
