// A shrunk failure as people and tools replay it (issue 37): the numbered requests, a curl script, a HAR file
// and a vitest test that runs the same steps through the kit (it fails against the broken server and passes
// against a sound one), written with --explore-out DIR.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExploreFinding } from './explore-run.js';

/** The failing sequence's requests, numbered, each with its step and its answer's status. */
export function numberedRequests(finding: ExploreFinding): string {
  return finding.requests
    .map((r, i) => {
      const body = r.requestBody === undefined ? '' : ` ${r.requestBody.slice(0, 200)}`;
      return `${String(i + 1).padStart(3)}. step ${r.step}: ${r.method} ${r.path}${body} → ${r.status}`;
    })
    .join('\n');
}

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** WH1: the activity hook lives at the service root, beside /api/v2, and takes its token in its query. */
const atRoot = (path: string) => path.startsWith('/hooks/');

/** A logged request's URL: under the base URL, or the hook's under the service root. */
function urlOf(baseUrl: string, path: string): string {
  return atRoot(path) ? `${baseUrl.replace(/\/api\/v2\/?$/, '')}${path}` : `${baseUrl}${path}`;
}

/**
 * The requests as a shell script. Ids are the ones the failing run was given: a fresh run makes new ones, so
 * the script shows what happened; the vitest test is what replays it.
 */
export function curlScript(baseUrl: string, finding: ExploreFinding): string {
  const lines = [
    '#!/bin/sh',
    `# standin contract --explore: ${finding.rule} (${finding.level}), ${finding.steps.length} steps, ${finding.requests.length} requests.`,
    '# Ids are those of the failing run; replay with the saved vitest test, which makes its own.',
    `BASE=\${STANDIN_BASE_URL:-${baseUrl}}`,
    'TOKEN=${STANDIN_TOKEN:?set STANDIN_TOKEN to the bearer token}',
    'ROOT=${BASE%/api/v2}',
  ];
  for (const r of finding.requests) {
    const body =
      r.requestBody === undefined ? '' : ` -H 'content-type: application/json' --data ${quote(r.requestBody)}`;
    const auth = atRoot(r.path) ? '' : ' -H "authorization: Bearer $TOKEN"';
    lines.push(`curl -sS -X ${r.method}${auth}${body} "${atRoot(r.path) ? '$ROOT' : '$BASE'}${r.path}"  # ${r.status}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The requests as HAR 1.2 (no token in it: the Authorization header is left out). */
function harOf(baseUrl: string, finding: ExploreFinding, started = new Date(0)): unknown {
  return {
    log: {
      version: '1.2',
      creator: { name: 'standin contract --explore', version: '1' },
      entries: finding.requests.map((r) => ({
        startedDateTime: started.toISOString(),
        time: r.ms,
        request: {
          method: r.method,
          url: urlOf(baseUrl, r.path),
          httpVersion: 'HTTP/1.1',
          headers: r.requestBody === undefined ? [] : [{ name: 'content-type', value: 'application/json' }],
          queryString: [...new URLSearchParams(r.path.split('?')[1] ?? '')].map(([name, value]) => ({ name, value })),
          cookies: [],
          headersSize: -1,
          bodySize: r.requestBody === undefined ? 0 : Buffer.byteLength(r.requestBody),
          ...(r.requestBody === undefined ? {} : { postData: { mimeType: 'application/json', text: r.requestBody } }),
        },
        response: {
          status: r.status,
          statusText: '',
          httpVersion: 'HTTP/1.1',
          headers: r.responseHeaders.map(([name, value]) => ({ name, value })),
          cookies: [],
          content: { size: Buffer.byteLength(r.text), mimeType: 'application/json', text: r.text },
          redirectURL: '',
          headersSize: -1,
          bodySize: Buffer.byteLength(r.text),
        },
        cache: {},
        timings: { send: 0, wait: r.ms, receive: 0 },
        _step: r.step,
      })),
    },
  };
}

/** A vitest test that replays the steps through the kit: red against the broken server, green against a sound one. */
function vitestOf(baseUrl: string, seed: number, finding: ExploreFinding, from = 'standin/contract'): string {
  return `// Saved by standin contract --explore (seed ${seed}): the shortest failing sequence it found.
// ${finding.rule} (${finding.level}): ${finding.message.split('\n')[0]!.slice(0, 300)}
// Run: STANDIN_BASE_URL=${baseUrl} STANDIN_TOKEN=… npx vitest run <this file>
import { expect, test } from 'vitest';
import { replaySteps } from '${from}';

const steps = ${JSON.stringify(finding.steps, null, 2)};

test(${JSON.stringify(`${finding.rule}: the explorer's shrunk sequence (seed ${seed}) holds`)}, async () => {
  const failure = await replaySteps({
    baseUrl: process.env.STANDIN_BASE_URL ?? ${JSON.stringify(baseUrl)},
    token: process.env.STANDIN_TOKEN,
    steps,
  });
  expect(failure, failure ?? '').toBeNull();
}, 60_000);
`;
}

/** Writes the repro's files into `dir`; answers their paths. */
export function writeRepro(dir: string, baseUrl: string, seed: number, finding: ExploreFinding): string[] {
  mkdirSync(dir, { recursive: true });
  const files: Array<[string, string]> = [
    ['explore-failure.txt', `${finding.message}\n\n${numberedRequests(finding)}\n`],
    ['explore-failure.sh', curlScript(baseUrl, finding)],
    ['explore-failure.har', `${JSON.stringify(harOf(baseUrl, finding), null, 2)}\n`],
    ['explore-failure.test.ts', vitestOf(baseUrl, seed, finding)],
  ];
  return files.map(([name, text]) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  });
}
