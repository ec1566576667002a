// Who is in the world shown, as /__mock last said: everyone's tokens, the default person (whose read-only token
// the page reads /api/v2 with) and, in any-token mode, whom an unknown token is answered as.
import type { components } from '../../types/control.js';

export type PersonTokens = components['schemas']['PersonTokens'];

/** The people of the world shown; empty, and no default person, until GET /__mock/tokens answers. */
export const roster: {
  people: PersonTokens[];
  defaultPerson: PersonTokens | undefined;
  /** MK7: the person an unknown token, or none, is answered as; null unless the server runs in any-token mode. */
  anyTokenPersonId: string | null;
} = { people: [], defaultPerson: undefined, anyTokenPersonId: null };
