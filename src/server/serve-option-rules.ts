// What startServer takes beyond createMock's options — where it listens, the host names it answers to, the state
// file, the Node server's limits — checked with the same rules and words as `standin serve`'s flags
// (src/http/option-rules.ts holds the engine and createMock's own).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { MOCK_OPTION_RULES, wholeNumber, type OptionRule } from '../http/option-rules.js';
import { allowedHostOf } from './host-check.js';
import { tlsPairProblem } from './tls-pair.js';

/** G13: names such as demo.example.com, or .example.com for a domain. */
const allowedHosts: OptionRule['problem'] = (value, n) => {
  if (!Array.isArray(value)) return `${n.name} must be a list of host names such as demo.example.com, got ${n.got}`;
  for (let i = 0; i < value.length; i++) {
    const host: unknown = value[i];
    if (typeof host !== 'string' || allowedHostOf(host) === null)
      return `${n.item(i).name} must be a host name such as demo.example.com, or .example.com for a domain, got ${n.item(i).got}`;
  }
  return undefined;
};

const host: OptionRule['problem'] = (value, n) =>
  typeof value === 'string' && value !== ''
    ? undefined
    : `${n.name} must be an address to bind such as 127.0.0.1, got ${n.got}`;

/** A file, never a folder: the world is written next to it and renamed over it. */
const state: OptionRule['problem'] = (value, n) => {
  if (typeof value !== 'string' || value === '') return `${n.name} must be a file name, got ${n.got}`;
  if (!statSync(value, { throwIfNoEntry: false })?.isDirectory()) return undefined;
  return `${n.name} takes a file, and ${value} is a folder: give a file in it, such as ${join(value, 'standin-state.json')}`;
};

/** A certificate and its key as PEM texts (the command line reads them from --tls-cert and --tls-key). */
const tls: OptionRule['problem'] = (value, n) => {
  const pair = value as { cert?: unknown; key?: unknown } | null;
  if (typeof pair !== 'object' || pair === null || typeof pair.cert !== 'string' || typeof pair.key !== 'string')
    return `${n.name} must be { cert, key }: a certificate and its private key as PEM texts, got ${n.got}`;
  return tlsPairProblem({ cert: pair.cert, key: pair.key }, { cert: `${n.name}.cert`, key: `${n.name}.key` });
};

const milliseconds = wholeNumber(1, Infinity, ' (milliseconds)');

/** Every option startServer takes and its check (start-server.ts holds it to ServeOptions: none is missing). */
export const SERVE_OPTION_RULES = {
  ...MOCK_OPTION_RULES,
  port: { flag: '--port', problem: wholeNumber(0, 65_535) },
  host: { flag: '--host', problem: host },
  allowedHosts: { flag: '--allowed-host', problem: allowedHosts },
  state: { flag: '--state', problem: state },
  tls: { problem: tls },
  headersTimeout: { problem: milliseconds },
  requestTimeout: { flag: '--request-timeout', problem: milliseconds },
  keepAliveTimeout: { problem: milliseconds },
  connectionsCheckingInterval: { problem: milliseconds },
  maxHeaderSize: { problem: wholeNumber(1, Infinity, ' (bytes)') },
} satisfies Record<string, OptionRule>;
