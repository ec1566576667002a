// The raw node:http baseline, in its own process: every request answered with the JSON body given as the first
// argument (standin's own answer to GET /api/v2/goals/{id}), so that the baseline moves as many bytes as the
// scenario it is compared with. Prints `listening on PORT` once it listens.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const body = Buffer.from(process.argv[2] ?? '', 'utf8');
if (body.length === 0) {
  process.stderr.write('usage: node raw-server.js BODY\n');
  process.exit(2);
}
const headers = { 'content-type': 'application/json', 'content-length': String(body.length) };

// Answered at once: the baseline is what node:http itself costs (Node drains an unread request body itself).
const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on ${(server.address() as AddressInfo).port}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
