// WH3: Standard Webhooks' secrets and signatures — a secret is `whsec_` + base64 of its key's bytes; a delivery
// is signed `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under those bytes. The HMAC is WebCrypto's
// (`crypto.subtle`, in Node and in browsers alike); only the format is written here.

/** How many random bytes a secret made here has (Standard Webhooks asks for 24 to 64). */
const SECRET_BYTES = 24;

/** WH3: a secret's form; its key's bytes, decoded, run from 24 to 64 (control.yaml's WebhookInput says so too). */
const SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

/**
 * WH3: a new secret, `whsec_` + base64 of 24 random bytes.
 * @example newSecret() // 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
 */
export function newSecret(): string {
  return `whsec_${toBase64(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)))}`;
}

/**
 * The key bytes of a secret, or null when it is not `whsec_` + base64 of 24 to 64 bytes.
 * @example secretKey('whsec_AAAA') // null: 3 bytes
 */
export function secretKey(secret: string): Uint8Array<ArrayBuffer> | null {
  if (!SECRET_PATTERN.test(secret)) return null;
  try {
    const key = fromBase64(secret.slice('whsec_'.length));
    return key.length >= 24 && key.length <= 64 ? key : null;
  } catch {
    return null;
  }
}

/**
 * WH3: the `webhook-signature` header of a delivery: `v1,` + base64 of HMAC-SHA256 over `id.timestamp.body`.
 * @example await signature(secretKey(secret)!, eventId, Math.floor(Date.now() / 1000), body) // 'v1,K5oZ…'
 */
export async function signature(
  key: Uint8Array<ArrayBuffer>,
  id: string,
  timestamp: number,
  body: string,
): Promise<string> {
  const hmac = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signed = await crypto.subtle.sign('HMAC', hmac, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  return `v1,${toBase64(new Uint8Array(signed))}`;
}
