// Where standin drift reads production's description from: a file, standard input (`-`), or a URL fetched with
// the token as a bearer. Each way is bounded (32 MiB, 30 s, five redirects) and every failure is one line
// (DescriptionError). The token never leaves the origin it was given for, and never travels unencrypted
// beyond this machine.
import { readFileSync, statSync } from 'node:fs';
import { DescriptionError } from '../drift/description-error.js';
import { isLoopbackUrlHost as isLoopback } from '../server/host-check.js';

/** No description comes near this: a larger answer is something else, or an attempt to fill the memory. */
const MAX_DESCRIPTION_BYTES = 32 * 2 ** 20;
const TIMEOUT_MS = 30_000;
const MOST_REDIRECTS = 5;

/** A description's text and what to call it (a URL with no query or credentials, which may hold secrets). */
export interface DescriptionText {
  readonly text: string;
  readonly label: string;
}

/** A URL as a report may print it: no user, password, query or fragment. */
function shownUrl(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

function fromFile(path: string): DescriptionText {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) throw new DescriptionError(`no file ${path}`);
  if (!stat.isFile()) throw new DescriptionError(`${path} is not a file`);
  if (stat.size > MAX_DESCRIPTION_BYTES)
    throw new DescriptionError(
      `${path} is ${stat.size} bytes, over the ${MAX_DESCRIPTION_BYTES / 2 ** 20} MiB a description may be`,
    );
  return { text: readFileSync(path, 'utf8'), label: path };
}

async function fromStdin(): Promise<DescriptionText> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > MAX_DESCRIPTION_BYTES)
      throw new DescriptionError(
        `standard input is over the ${MAX_DESCRIPTION_BYTES / 2 ** 20} MiB a description may be`,
      );
    chunks.push(bytes);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), label: 'standard input' };
}

/** The body as text, read up to the bound. */
async function boundedText(response: Response, label: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_DESCRIPTION_BYTES)
    throw new DescriptionError(
      `${label} answered ${declared} bytes, over the ${MAX_DESCRIPTION_BYTES / 2 ** 20} MiB a description may be`,
    );
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > MAX_DESCRIPTION_BYTES)
      throw new DescriptionError(
        `${label} answered over the ${MAX_DESCRIPTION_BYTES / 2 ** 20} MiB a description may be`,
      );
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Why a fetch failed, by the system's code alone: the messages of fetch's errors may quote the URL or a header. */
function reachError(error: unknown, label: string, timedOut: boolean): DescriptionError {
  if (timedOut) return new DescriptionError(`${label} did not answer within ${TIMEOUT_MS / 1000} s`);
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return new DescriptionError(
    `cannot reach ${label}${typeof code === 'string' && /^[A-Z_]+$/.test(code) ? `: ${code}` : ''}`,
  );
}

/** RFC 6750's token characters: a token with a line break or a space would end up in a header as something else. */
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

async function fromUrl(address: string, token: string | undefined): Promise<DescriptionText> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new DescriptionError(`"${address.slice(0, 60)}" is neither a file nor an http(s) URL`);
  }
  const origin = url.origin;
  const label = shownUrl(url);
  if (url.username !== '' || url.password !== '')
    throw new DescriptionError(`${label}: give credentials with --token or STANDIN_DRIFT_TOKEN, not in the URL`);
  if (token !== undefined && !BEARER_TOKEN.test(token))
    throw new DescriptionError(
      '--token holds characters a bearer token cannot (a space or a line break?): give the token alone',
    );
  const controller = new AbortController();
  let timedOut = false;
  // Our own timer, not AbortSignal.timeout: the whole exchange (redirects and body) has one deadline.
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, TIMEOUT_MS);
  try {
    for (let hop = 0; ; hop++) {
      // The token goes to the origin it was given for only, and only over https or to this machine.
      const sendToken = token !== undefined && url.origin === origin;
      if (sendToken && url.protocol === 'http:' && !isLoopback(url.hostname))
        throw new DescriptionError(
          `--token would travel unencrypted to ${shownUrl(url)}: use its https URL (only loopback addresses may take a token over http)`,
        );
      let response: Response;
      try {
        response = await fetch(url, {
          headers: {
            accept: 'application/vnd.oai.openapi+json, application/json, application/yaml, text/yaml, */*;q=0.5',
            ...(sendToken ? { authorization: `Bearer ${token}` } : {}),
          },
          redirect: 'manual',
          signal: controller.signal,
        });
      } catch (error) {
        throw reachError(error, label, timedOut);
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        if (hop >= MOST_REDIRECTS) throw new DescriptionError(`${label} redirected more than ${MOST_REDIRECTS} times`);
        try {
          url = new URL(location, url);
        } catch {
          throw new DescriptionError(`${label} redirected to a location that is no URL`);
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:')
          throw new DescriptionError(`${label} redirected to a ${url.protocol} URL`);
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        const answered = `${url.origin === origin ? label : `${shownUrl(url)} (redirected from ${label})`} answered ${response.status}`;
        if (token === undefined)
          throw new DescriptionError(`${answered}: it needs a token (--token T, or STANDIN_DRIFT_TOKEN)`);
        throw new DescriptionError(
          sendToken
            ? `${answered}: the token was not accepted (check it, and that it may read the description)`
            : `${answered}: the token goes to ${origin} only, not to another origin; give the description's own URL`,
        );
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new DescriptionError(`${label} answered ${response.status} ${response.statusText}`.trimEnd());
      }
      try {
        return { text: await boundedText(response, label), label };
      } catch (error) {
        if (error instanceof DescriptionError) throw error;
        throw reachError(error, label, timedOut);
      }
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The description named on the command line.
 * @example await descriptionText('https://api.example.com/openapi.json', process.env.STANDIN_DRIFT_TOKEN)
 */
export async function descriptionText(source: string, token: string | undefined): Promise<DescriptionText> {
  if (source === '-') return fromStdin();
  if (/^https?:\/\//i.test(source)) return fromUrl(source, token);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source))
    throw new DescriptionError(`"${source.slice(0, 60)}" is not an http(s) URL; give a file or an http(s) URL`);
  return fromFile(source);
}
