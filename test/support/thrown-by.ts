// What a synchronous call throws, for the tests that read a refusal's message or field errors: the error, held to
// the class the refusal is made of, or a failure that says nothing was thrown.
import { expect } from 'vitest';

/**
 * The error `act` throws, after checking that it is a `kind`; the test fails when `act` returns instead.
 * @example expect(thrownBy(() => readDescription('', 'prod.yaml'), DescriptionError).message).toBe('…')
 */
export function thrownBy<E extends Error>(act: () => unknown, kind: abstract new (...args: never[]) => E): E {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(kind);
    return error as E;
  }
  throw new Error(`expected a ${kind.name}, but nothing was thrown`);
}
