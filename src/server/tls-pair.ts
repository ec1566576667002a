// --tls-cert and --tls-key: a certificate and its private key, PEM, checked before anything listens — that each
// is what it says, and that the key is the certificate's — so that a wrong pair is one line at the start rather
// than a server whose every handshake fails.
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import type { TlsPair } from './serve-options.js';

/** How the pair's two halves are named where they were given: `--tls-cert cert.pem`, or `tls.cert`. */
export interface TlsNames {
  cert: string;
  key: string;
}

/**
 * What is wrong with a certificate and key, said with their names; undefined when the key is the certificate's.
 * @example tlsPairProblem(pair, { cert: 'tls.cert', key: 'tls.key' }) // undefined
 */
export function tlsPairProblem(pair: TlsPair, names: TlsNames): string | undefined {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pair.cert);
  } catch {
    return `${names.cert} is not a PEM certificate (-----BEGIN CERTIFICATE-----); give the server's certificate`;
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(pair.key);
  } catch {
    return `${names.key} is not an unencrypted PEM private key (-----BEGIN PRIVATE KEY-----); give the certificate's key`;
  }
  let matches: boolean;
  try {
    matches = certificate.checkPrivateKey(key);
  } catch {
    // A key of another kind than the certificate's (EC for an RSA certificate) throws rather than says false.
    matches = false;
  }
  if (!matches)
    return `${names.key} is not the key of ${names.cert} (they do not match); give the key the certificate was made with`;
  return undefined;
}
