// The bearer token of a request's Authorization header (G9), read the one way the API's authentication and the
// front's choice of a session (MK5) both read it.

/**
 * The token of `Authorization: Bearer <token>`; undefined for any other header or none.
 * @example bearerToken('Bearer rw_0123') // 'rw_0123'
 */
export function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}
