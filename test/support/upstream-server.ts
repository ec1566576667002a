// An upstream for standin proxy's tests: the in-process mock behind a real port, each answer passed through a
// transform that may break one rule on purpose (a broken production), as the proxy would see it over HTTP.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMock, type Mock, type MockOptions } from '../../src/http/app.js';

/** An answer as a transform sees and changes it. */
interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** Changes the answer to one request (method, path with query, the request's headers and body). */
export type Transform = (
  request: { method: string; path: string; headers: IncomingMessage['headers']; body: string },
  answer: Answer,
) => Answer;

export interface Upstream {
  mock: Mock;
  server: Server;
  /** `http://127.0.0.1:<port>`: the service root. */
  root: string;
  close(): Promise<void>;
}

/**
 * @example const upstream = await startUpstream({ now: NOW }, (request, answer) => answer)
 */
export async function startUpstream(options: MockOptions, transform: Transform = (_r, a) => a): Promise<Upstream> {
  const mock = createMock(options);
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers))
          if (typeof value === 'string') headers.set(name, value);
        const method = request.method ?? 'GET';
        const got = await mock.app.request(request.url ?? '/', {
          method,
          headers,
          body: method === 'GET' || method === 'HEAD' || body === '' ? undefined : body,
        });
        const answer = transform(
          { method, path: request.url ?? '/', headers: request.headers, body },
          { status: got.status, headers: got.headers, text: await got.text() },
        );
        const out = new Headers(answer.headers);
        out.delete('content-length');
        response.writeHead(answer.status, Object.fromEntries(out));
        response.end(answer.text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    mock,
    server,
    root: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        mock.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
