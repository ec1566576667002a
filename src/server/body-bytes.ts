// The bytes of a request body as the state worker receives them, block by block, kept where they cost nothing
// once the worker ends: in one piece of the declared length, or in pieces of PIECE_BYTES, each larger than the
// largest size (32 MiB) glibc's allocator may serve from a heap of its own that outlives the thread, so each
// is a mapping of its own, returned to the system when the worker ends (pages never written cost nothing).

const PIECE_BYTES = 33 * 2 ** 20;

/**
 * @example const body = new BodyBytes(length); body.add(chunk); new Request(url, { method: 'PUT', body: body.bytes() })
 */
export class BodyBytes {
  readonly #pieces: Array<Uint8Array<ArrayBuffer>> = [];
  readonly #length: number | null;
  #filled = 0;

  /** `length`: the declared length, if any. */
  constructor(length: number | null) {
    this.#length = length;
  }

  add(chunk: Uint8Array): void {
    for (let at = 0; at < chunk.byteLength;) {
      let piece = this.#pieces.at(-1);
      if (!piece || this.#filled === piece.byteLength) {
        piece = new Uint8Array(this.#pieces.length === 0 && this.#length !== null ? this.#length : PIECE_BYTES);
        this.#pieces.push(piece);
        this.#filled = 0;
      }
      const taken = Math.min(chunk.byteLength - at, piece.byteLength - this.#filled);
      piece.set(chunk.subarray(at, at + taken), this.#filled);
      this.#filled += taken;
      at += taken;
    }
  }

  /** Everything added, in one piece (a copy only when it came in more than one). */
  bytes(): Uint8Array<ArrayBuffer> {
    const pieces = this.#pieces.map((piece, i) =>
      i === this.#pieces.length - 1 ? piece.subarray(0, this.#filled) : piece,
    );
    if (pieces.length <= 1) return pieces[0] ?? new Uint8Array(0);
    const whole = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.byteLength, 0));
    let at = 0;
    for (const piece of pieces) {
      whole.set(piece, at);
      at += piece.byteLength;
    }
    return whole;
  }
}
