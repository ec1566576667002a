// How `standin serve` closes a connection whose answer came before the request's body was read whole (G8's
// 413 for a body over the limit, a state refused unread): it sends the answer and its FIN, then reads and drops
// what the client still sends, for a while, before closing. Closing at once, with the client's bytes unread,
// makes the kernel send a reset, and a reset can take the answer with it: Node's fetch ended 22 of 300 posts of
// 1 MiB with EPIPE instead of their 413 (RFC 9112 §9.6 asks for this "lingering close"; Apache and nginx do it).
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';

/** Which bodies a connection lingers for, and how long at most. */
export interface Linger {
  /** The largest declared Content-Length read on and dropped: a larger body is cut off at once, reset or not. */
  declaredBytes: number;
  ms: number;
}

/** Bodies declared up to 16 MiB, for 2 s at most: enough for a client to finish sending, or to read the answer. */
const DEFAULT_LINGER: Readonly<Linger> = { declaredBytes: 16 * 2 ** 20, ms: 2_000 };

/** The request each connection serves now: the one its closing answer belongs to. */
const current = new WeakMap<Socket, IncomingMessage>();

/**
 * Makes the request's connection linger if the answer closes it before the body is read whole. Node's server
 * ends a connection whose response says `Connection: close` with the socket's `destroySoon()` (write the
 * answer, then destroy); this connection's `destroySoon` first reads on while the body is unread. The bytes
 * read are bounded by the declared length (Node's parser reads no further and drops them, an unread body being
 * "dumped"), a chunked body's are not known ahead, so it gets no lingering.
 * @example server.on('request', (request) => lingerAfterAnswer(request))
 */
export function lingerAfterAnswer(request: IncomingMessage, linger: Linger = DEFAULT_LINGER): void {
  const socket = request.socket;
  current.set(socket, request);
  if (Object.hasOwn(socket, 'destroySoon')) return;
  socket.destroySoon = function lingeringDestroySoon(this: Socket) {
    const pending = current.get(this);
    const declared = Number(pending?.headers['content-length']);
    if (!pending || pending.complete || pending.destroyed || !(declared <= linger.declaredBytes))
      return Socket.prototype.destroySoon.call(this);
    // The answer, then our FIN; the HTTP server's sockets allow half-open, so reading goes on.
    this.end();
    const timer = setTimeout(() => this.destroy(), linger.ms).unref();
    this.once('close', () => clearTimeout(timer));
    // The body is in whole: nothing unread is left to reset the connection with.
    pending.once('end', () => {
      clearTimeout(timer);
      Socket.prototype.destroySoon.call(this);
    });
  };
}
