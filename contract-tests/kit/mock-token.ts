// Against standin the kit needs no token: the default person's read-write one is at /__mock/tokens (MK1). Any
// other server has no such route, and the caller must give a token.

/**
 * The first person's read-write token of a standin mock, or undefined for any other server.
 * @example const token = (await defaultMockToken('http://127.0.0.1:4010/api/v2')) ?? '';
 */
export async function defaultMockToken(baseUrl: string, doFetch: typeof fetch = fetch): Promise<string | undefined> {
  try {
    const response = await doFetch(`${baseUrl.replace(/\/api\/v2$/, '')}/__mock/tokens`, {
      signal: AbortSignal.timeout(5000),
    });
    const tokens = response.ok ? ((await response.json()) as Array<{ read_write?: string }>) : [];
    return Array.isArray(tokens) ? tokens[0]?.read_write : undefined;
  } catch {
    return undefined;
  }
}
