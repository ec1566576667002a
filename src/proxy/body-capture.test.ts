// What of a body the proxy keeps as it passes: all of it up to CAPTURE_BYTES, none of it past the cap or past the
// budget all captures share, and every byte back to the budget when the capture is released.
import { describe, expect, it } from 'vitest';
import { Capture, CAPTURE_BYTES, CaptureBudget } from './body-capture.js';

describe('a body capture', () => {
  it('keeps a body of CAPTURE_BYTES whole, and lets go of all of it at one byte more, giving its bytes back', () => {
    const budget = new CaptureBudget(CAPTURE_BYTES);
    const capture = new Capture(budget);
    capture.add(Buffer.alloc(CAPTURE_BYTES - 1, 0x61));
    capture.add(Buffer.from('b'));
    expect(capture.whole).toBe(true);
    // Compared by Buffer.equals: toEqual walks 8 MiB a byte at a time (160 s alone on two busy cores).
    const kept = Buffer.concat([Buffer.alloc(CAPTURE_BYTES - 1, 0x61), Buffer.from('b')]);
    expect(capture.buffer().equals(kept), 'the body kept byte for byte').toBe(true);
    capture.add(Buffer.from('c'));
    expect(capture.whole).toBe(false);
    expect(capture.bytes).toBe(0);
    expect(capture.buffer()).toEqual(Buffer.alloc(0));
    capture.add(Buffer.from('d'));
    expect(capture.buffer()).toEqual(Buffer.alloc(0));
    expect(budget.take(CAPTURE_BYTES)).toBe(true);
  });

  it('shares its budget with the other captures: one past it keeps nothing, a release makes room again', () => {
    const budget = new CaptureBudget(10);
    const first = new Capture(budget);
    const second = new Capture(budget);
    first.add(Buffer.from('123456'));
    second.add(Buffer.from('123456'));
    expect([first.whole, second.whole]).toEqual([true, false]);
    first.release();
    const third = new Capture(budget);
    third.add(Buffer.from('1234567890'));
    expect(third.whole).toBe(true);
    expect(budget.take(1)).toBe(false);
  });
});
