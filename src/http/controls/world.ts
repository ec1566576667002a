// The world and the server under /__mock: MK2's reset, what the world holds and the server keeps (GET
// /__mock/world), whom it lives for as its clock moves (PUT /__mock/world, LW7), and what the server was started
// with (GET /__mock/server).
import type { World } from '../../domain/world.js';
import { clockView, resetClock } from '../../runtime/time-travel.js';
import { HOOKS_PATH } from '../../spec/base-path.js';
import type { Mock } from '../mock.js';
import { ok } from '../operation-handler.js';
import { recordCounts } from '../wire-kinds.js';
import type { ControlHandlers } from './control-handler.js';

/** What the world holds now, and what the server keeps against its memory budget (GET /__mock/world). */
function worldSummary(world: World, mock: Mock) {
  const { anyToken, worlds } = mock;
  const { budget } = worlds;
  const use = budget.use();
  const hook = worlds.activityHook(world);
  const sessionsBytes = [...use.sessions.values()].reduce((sum, bytes) => sum + bytes, 0);
  return {
    seed: world.seed,
    size: world.size,
    ...clockView(world),
    default_person_id: world.defaultPersonId,
    any_token_person_id: anyToken ? (anyToken.personIn(world)?.id ?? null) : null,
    strict: mock.options.strict,
    // WH1: the hook of this world's seed, and where to post to it.
    activity_hook: {
      account_id: hook.accountId,
      token: hook.token,
      path: `${HOOKS_PATH}/activity/a/${hook.accountId}?token=${hook.token}`,
    },
    counts: recordCounts(world.store),
    // LW7: whom the world lives for as its clock moves.
    simulate: world.simulate,
    sessions: mock.sessions.size,
    memory: {
      budget_bytes: budget.limit,
      used_bytes: use.shared + sessionsBytes + use.snapshots + use.bases + use.caches,
      shared_bytes: use.shared,
      sessions_bytes: sessionsBytes,
      snapshots_bytes: use.snapshots,
      bases_bytes: use.bases,
      caches_bytes: use.caches,
    },
  };
}

export const worldControls = {
  // MK2: same seed, same world; within a session, only that session's world. MK4: the clock too, if asked.
  resetWorld: async ({ mock, slot }, { body }) => {
    // An imported world goes back to its own base unless another seed or size is asked for: no seed makes it again.
    const { base } = slot.world;
    const world = await (base.origin === 'imported' && body.seed === undefined && (body.size ?? base.size) === base.size
      ? mock.worlds.resetToBase(slot, resetClock(body))
      : mock.worlds.reset(slot, body.seed ?? mock.options.seed, body.size, resetClock(body)));
    return ok({ seed: world.seed, size: world.size, default_person_id: world.defaultPersonId, ...clockView(world) });
  },
  getWorldSummary: ({ mock, world }) => ok(worldSummary(world, mock)),
  // LW6–LW8: whom the request's world lives for from now on.
  setWorldSimulation: ({ mock, slot }, { body }) => ok(mock.worlds.setSimulate(slot, body.simulate)),
  getServerSettings: ({ mock, settings }) =>
    ok({
      strict: mock.options.strict,
      any_token: mock.anyToken ? { as: mock.anyToken.who } : null,
      app_url: mock.options.appUrl,
      control_token: settings.controlToken !== undefined,
      persistence: settings.persistence,
    }),
} satisfies Partial<ControlHandlers>;
