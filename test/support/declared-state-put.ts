// A PUT /__mock/state that declares its Content-Length and sends no byte of the body, over a raw socket: the
// tests of a state refused from its headers alone (G8, the memory budget) read the whole answer the server sends
// before it closes the connection, which fetch would not let them declare without sending.
import { connect } from 'node:net';

/**
 * Sends the head of a PUT /__mock/state declaring `length` bytes of JSON to 127.0.0.1:`port`; resolves with all
 * the server wrote before the connection closed.
 * @example const text = await declaredStatePut(port, 600 * MiB); expect(text).toMatch(/^HTTP\/1\.1 413 /);
 */
export function declaredStatePut(port: number, length: number): Promise<string> {
  return new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (received += data));
    // The server closes the connection on its answer; an error before that still ends in 'close'.
    socket.on('error', () => {});
    socket.on('close', () => resolve(received));
    socket.write(
      `PUT /__mock/state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
    );
  });
}
