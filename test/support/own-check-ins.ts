// The default person's own check-ins on a running server: records a test may PATCH (CI3), one per write.

/**
 * The ids of the token's person's check-ins, newest first, `count` of them.
 * @example const ids = await ownCheckIns('http://127.0.0.1:4010/api/v2', token, 40);
 */
export async function ownCheckIns(baseUrl: string, token: string, count: number): Promise<string[]> {
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await fetch(`${baseUrl}/me`, { headers })).json()) as { id: string };
  const ids: string[] = [];
  for (let page = 1; ids.length < count; page++) {
    const url = `${baseUrl}/check-ins?people_ids[]=${me.id}&per_page=50&page=${page}`;
    const found = (await (await fetch(url, { headers })).json()) as Array<{ id: string }>;
    if (found.length === 0) throw new Error(`the person has ${ids.length} check-ins, fewer than ${count}`);
    ids.push(...found.map((checkIn) => checkIn.id));
  }
  return ids.slice(0, count);
}
