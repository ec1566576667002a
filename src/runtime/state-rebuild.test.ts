// rebuildState on its own: what it hands back for each kind of state (the imported base's records, which the
// state worker keeps), that the verifier of the front that presents records has the last word, and that
// whatever else throws while rebuilding becomes the 422 of a bad state, never a crash. test/state.test.ts
// restores states through PUT /__mock/state.
import { describe, expect, it } from 'vitest';
import { createMock } from '../http/app.js';
import { DomainError } from '../domain/domain-error.js';
import { thrownBy } from '../../test/support/thrown-by.js';
import { rebuildState, type BaseSource, type WorldVerifier } from './state-rebuild.js';

const NOW = '2026-11-20T15:00:00Z';

async function stateOf(path: string, imported = false): Promise<Record<string, any>> {
  const mock = createMock({ now: NOW });
  if (imported) {
    // A full state restored: the mock's world is on an imported base from then on.
    const full = await (await mock.app.request('/__mock/state?full=true')).json();
    mock.restore(full);
    await mock.app.request('/__mock/clock/advance', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ days: 1 }),
    });
  }
  return (await (await mock.app.request(path)).json()) as Record<string, any>;
}

const sound: WorldVerifier = () => [];
const generate: BaseSource = (seed, size, at) =>
  createMock({ seed, size, now: new Date(at * 1000).toISOString() }).world.base;

/** The field errors of the DomainError `act` throws. */
function refusal(act: () => unknown): unknown {
  return thrownBy(act, DomainError).errors;
}

describe('rebuildState: what a state gives back', () => {
  it.each([
    ['a full state (version 1)', '/__mock/state?full=true', false, true],
    ['changes over an imported base (version 2)', '/__mock/state', true, true],
    ['changes over a generated base (version 2)', '/__mock/state', false, false],
  ])(
    '%s: a world on its base, and the base records to keep when it brought them',
    async (_name, path, imported, carries) => {
      const state = await stateOf(path, imported);
      const rebuilt = rebuildState(state, sound, generate);
      expect(rebuilt.world.base.origin).toBe(carries ? 'imported' : 'generated');
      expect(rebuilt.imported === undefined).toBe(!carries);
      if (carries) expect(rebuilt.imported?.people.length).toBe(rebuilt.world.base.store.people.size);
    },
  );
});

describe('rebuildState: refusals', () => {
  it.each([
    ['a full state', '/__mock/state?full=true', false],
    ['changes over a generated base', '/__mock/state', false],
    ['changes over an imported base', '/__mock/state', true],
  ])('%s that the verifier finds a problem in is refused with it', async (_name, path, imported) => {
    const state = await stateOf(path, imported);
    const problem: WorldVerifier = () => ['goals[3].title is too long'];
    expect(refusal(() => rebuildState(state, problem, generate))).toEqual([
      { in: 'body', name: 'state', message: 'state goals[3].title is too long' },
    ]);
  });

  it('turns anything else thrown while rebuilding into a bad state, its message cut at 200 characters', async () => {
    const state = await stateOf('/__mock/state?full=true');
    const broken: WorldVerifier = () => {
      throw new TypeError(`x${'y'.repeat(300)}`);
    };
    expect(refusal(() => rebuildState(state, broken, generate))).toEqual([
      { in: 'body', name: 'state', message: `state could not be rebuilt: x${'y'.repeat(199)}` },
    ]);
  });

  it('lets a DomainError through as it is', async () => {
    const state = await stateOf('/__mock/state?full=true');
    const own = DomainError.field('body', 'state', 'state is refused by the verifier itself');
    const refusing: WorldVerifier = () => {
      throw own;
    };
    expect(() => rebuildState(state, refusing, generate)).toThrow(own);
  });
});
