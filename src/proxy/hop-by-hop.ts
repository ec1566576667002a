// Owns which headers stop at the proxy (RFC 9110 §7.6.1): the hop-by-hop ones and whatever Connection names,
// on both the request forwarded upstream and the answer passed back; everything else goes through as it came,
// in its order and letter case. Via says that standin passed the message on (RFC 9110 §7.6.3).

/** Headers that describe one connection, never the message (RFC 9110 §7.6.1, and the older proxy ones). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** What the proxy adds to Via, as a pseudonym (RFC 9110 §7.6.3 lets a proxy name itself so). */
const VIA = '1.1 standin';

/**
 * The end-to-end headers of a message as Node's rawHeaders lists them (name, value, name, value…), with Via
 * appended to; `drop` names headers the caller sets itself (the request's Host).
 * @example forwardedHeaders(request.rawHeaders, ['host']) // [['Accept', 'application/json'], ['Via', '1.1 standin']]
 */
export function forwardedHeaders(raw: readonly string[], drop: readonly string[] = []): Array<[string, string]> {
  const named = new Set(drop);
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() !== 'connection') continue;
    for (const token of raw[i + 1]!.split(',')) named.add(token.trim().toLowerCase());
  }
  const headers: Array<[string, string]> = [];
  let via = false;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || named.has(lower)) continue;
    if (lower === 'via' && !via) {
      headers.push([name, `${raw[i + 1]}, ${VIA}`]);
      via = true;
      continue;
    }
    headers.push([name, raw[i + 1]!]);
  }
  if (!via) headers.push(['Via', VIA]);
  return headers;
}
