// MK1 under /__mock/tokens: every person's read-write and read-only tokens, the default person first.
import type { World } from '../../domain/world.js';
import { ok } from '../operation-handler.js';
import type { ControlHandlers } from './control-handler.js';

/** MK1: every person's tokens; the default person first. */
function tokenList(world: World) {
  const people = [...world.store.peopleInOrder].sort(
    (a, b) => Number(b.id === world.defaultPersonId) - Number(a.id === world.defaultPersonId),
  );
  return people.map((p) => ({
    person: { id: p.id, name: p.name, username: p.username },
    default: p.id === world.defaultPersonId,
    read_write: p.tokens.readWrite,
    read_only: p.tokens.readOnly,
  }));
}

export const tokenControls = {
  listTokens: ({ world }) => ok(tokenList(world)),
} satisfies Partial<ControlHandlers>;
