// GET /__mock/state as a stream: the state's JSON made a slice at a time as the client reads it, each slice in a
// turn of the event loop of its own, so a whole world's state (hundreds of MiB for the large world) is never one
// string and never holds other clients up (an export of the large world stalled every client 6.3 s; eight of
// them at once, from iframes of another site, ran a large server's heap out). One export at a time per world:
// each holds the world's lists of records while it runs.
import type { World } from '../domain/world.js';
import { exportFullState, exportState } from '../domain/world-state.js';
import { jsonPieces } from '../domain/json-pieces.js';
import type { Finish } from './steps.js';
import { problemResponse } from './problem.js';

/** About this many characters of JSON a slice: a few milliseconds of work, whatever the records' size. */
const EXPORT_SLICE_CHARS = 256 * 1024;

/** A turn of the event loop: what is waiting (other clients' requests) goes first. */
const nextTurn = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

/**
 * The pipeline's last step of GET /__mock/state: the state of the request's world, streamed, or a 409 while
 * another export of that world is under way.
 * @example [catchUp, readInput(op, { strict: true }), answerWith('getState', stateExport())]
 */
export function stateExport(): Finish {
  const exporting = new WeakSet<World>();
  return ({ world, transcript }, { query }) => {
    if (exporting.has(world))
      return problemResponse(
        transcript,
        409,
        'export-in-progress',
        "Another GET /__mock/state of this world is being sent; exports go one at a time per world (each holds the world's records while it runs). Send this one again once that one has ended.",
        undefined,
        { 'retry-after': '1' },
      );
    exporting.add(world);
    const pieces = jsonPieces(query.full === true ? exportFullState(world) : exportState(world));
    const encoder = new TextEncoder();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      exporting.delete(world);
    };
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          await nextTurn();
          if (ended) return;
          let text = '';
          for (let next = pieces.next(); ; next = pieces.next()) {
            if (next.done) {
              if (text !== '') controller.enqueue(encoder.encode(text));
              controller.close();
              end();
              return;
            }
            text += next.value;
            if (text.length >= EXPORT_SLICE_CHARS) break;
          }
          controller.enqueue(encoder.encode(text));
        },
        cancel: end,
      },
      // Nothing made ahead of the reader: a slow client holds one slice, not the whole state.
      { highWaterMark: 0 },
    );
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  };
}
