// A move of the clock lived in turns (clock-happenings.ts' livedMove, clock-moves.ts' steps of two minutes):
// other clients are answered between its steps and meet a world lived up to its clock so far; the world at the
// end is the one a single catch-up makes (LW6); what a client writes meanwhile is not counted as the clock's
// (MCP6).
import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { advancingClock, settingClock } from '../src/runtime/clock-moves.js';
import { control, Harness, NOW } from './support/harness.js';

const START = Date.parse(NOW);
const DAY_MS = 86_400_000;

/** The full state export of a harness's shared world: its clock and the SHA-256 of the whole text. */
async function exported(h: Harness): Promise<string> {
  const text = await (await h.mock.app.request('/__mock/state?full=true')).text();
  return `${(JSON.parse(text) as { now: string }).now} ${createHash('sha256').update(text).digest('hex')}`;
}

describe('a move of the clock, lived in turns', () => {
  it('answers other clients between its steps, each meeting the clock part of the way', async () => {
    const h = new Harness({ seed: 7 });
    let done = false;
    const advance = control(h, 'POST', '/clock/advance', { days: 30 }).finally(() => (done = true));
    const seen: number[] = [];
    // Each ask takes a turn of the event loop first, as a client on another connection would come in.
    while (!done) {
      await nextTurn();
      const clock = await control(h, 'GET', '/clock');
      if (!done) seen.push(Date.parse(clock.body.now));
    }
    expect((await advance).status).toBe(200);
    const between = seen.filter((now) => now > START && now < START + 30 * DAY_MS);
    expect(
      between.length,
      `clocks seen meanwhile: ${seen.map((at) => new Date(at).toISOString()).join(', ')}`,
    ).toBeGreaterThan(0);
    // The clock only goes on, step by step.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('leaves the world a single catch-up makes, byte for byte (LW6)', async () => {
    const lived = new Harness({ seed: 3 });
    expect((await control(lived, 'POST', '/clock/advance', { days: 7 })).status).toBe(200);
    const once = new Harness({ seed: 3 });
    once.mock.world.clock.advance(7 * DAY_MS);
    once.mock.world.catchUp();
    expect(await exported(lived)).toBe(await exported(once));
  });

  it("counts only what its steps made: a client's update written meanwhile is not the clock's (MCP6)", async () => {
    const h = new Harness({ seed: 5 });
    const before = new Set([...h.mock.world.store.goalUpdates.values()].map((update) => update.id));
    const goal = [...h.mock.world.store.goals.values()].find((g) => g.ownerId === h.person().id && !g.archived);
    expect(goal, 'an open goal of the default person').toBeDefined();
    let done = false;
    const advance = control(h, 'POST', '/clock/advance', { days: 14 }).finally(() => (done = true));
    let written = 0;
    while (!done && written === 0) {
      await nextTurn();
      const posted = await h.call('POST', `/api/v2/goals/${goal!.id}/goal-updates`, {
        body: { title: 'Written while the clock moved' },
      });
      expect(posted.status).toBe(201);
      written++;
    }
    const { body } = await advance;
    const made = [...h.mock.world.store.goalUpdates.values()].filter((update) => !before.has(update.id));
    expect(written).toBe(1);
    expect(body.happened.goal_updates_posted).toBeGreaterThan(0);
    expect(body.happened.goal_updates_posted).toBe(made.length - written);
  });

  it("ends where a reset meanwhile replaces its world: its answer is the new world's clock", async () => {
    const h = new Harness({ seed: 9 });
    const advance = control(h, 'POST', '/clock/advance', { days: 60 });
    await nextTurn();
    const reset = await control(h, 'POST', '/reset', { now: NOW });
    expect(reset.status).toBe(200);
    const { status, body } = await advance;
    expect(status).toBe(200);
    // The new world stays at the reset's clock: the move did not go on in it.
    expect(body.now).toBe(NOW);
    expect((await control(h, 'GET', '/clock')).body.now).toBe(NOW);
  });

  it('ends where its session is dropped meanwhile: no world nobody can reach is lived on', async () => {
    const h = new Harness({ seed: 9 });
    const session = { 'x-mock-session': 'dropped-mid-move' };
    expect((await control(h, 'GET', '/clock', undefined, session)).status).toBe(200);
    const advance = control(h, 'POST', '/clock/advance', { days: 60 }, session);
    await nextTurn();
    expect((await control(h, 'DELETE', '/sessions/dropped-mid-move')).status).toBe(204);
    const { status, body } = await advance;
    expect(status).toBe(200);
    // The move stopped at the step the drop met: far short of its 60 days.
    expect(Date.parse(body.now)).toBeLessThan(START + 30 * DAY_MS);
  });

  it('never takes the clock back: a set to an instant another move has passed meanwhile leaves it where it is (MK4)', () => {
    const h = new Harness({ seed: 11 });
    const { world } = h.mock;
    const tenDays = new Date(START + 10 * DAY_MS).toISOString().replace('.000', '');
    // Two moves of one world, their steps taken in turns as livedMove takes them: the set's first step, then the
    // advance's until the clock is past the set's instant, then the rest of the set.
    const set = settingClock(world, tenDays, true, h.mock.worlds.budget);
    const advance = advancingClock(world, { days: 60 }, h.mock.worlds.budget);
    expect(set.next().done).toBe(false);
    while (world.clock.nowMs() <= START + 11 * DAY_MS) expect(advance.next().done).toBe(false);
    const passed = world.clock.nowMs();
    for (let step = set.next(); !step.done; step = set.next());
    expect(world.clock.nowMs()).toBe(passed);
    for (let step = advance.next(); !step.done; step = advance.next());
    // The advance's 60 days, and the set's first step of two minutes.
    expect(world.clock.nowMs()).toBe(START + 60 * DAY_MS + 120_000);
  });
});
