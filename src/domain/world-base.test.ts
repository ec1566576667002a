// A base world: what names it (seed, size, generation instant, MK3) and its people grouped by time zone (CI1).
import { describe, expect, it } from 'vitest';
import { worldWriter, generateWorld } from '../../fixtures/index.js';
import { WorldBase } from './world-base.js';

const NOW = Date.parse('2026-11-20T15:00:00Z') / 1000;
const contents = generateWorld({ seed: 42, size: 'small', now: NOW });

describe('WorldBase', () => {
  it('is named by seed, size and generation instant, and only when generated', () => {
    const base = new WorldBase(contents, worldWriter, 'generated');
    expect(base.sameAs({ seed: 42, size: 'small', generatedAt: NOW })).toBe(true);
    expect(base.sameAs({ seed: 42, size: 'large', generatedAt: NOW })).toBe(false);
    expect(base.sameAs({ seed: 43, size: 'small', generatedAt: NOW })).toBe(false);
    expect(base.sameAs({ seed: 42, size: 'small', generatedAt: NOW + 1 })).toBe(false);
    const imported = new WorldBase(contents, worldWriter, 'imported');
    expect(imported.sameAs({ seed: 42, size: 'small', generatedAt: NOW })).toBe(false);
  });

  it('groups every person under their time zone, each once, in the order of the people', () => {
    const base = new WorldBase(contents, worldWriter, 'generated');
    const grouped = [...base.zones].flatMap(([zone, people]) => people.map((p) => [zone, p.id]));
    const expected = base.store.peopleInOrder.map((p) => [p.timeZone, p.id]);
    expect(grouped.sort()).toEqual(expected.sort());
    expect([...base.zones.values()].some((people) => people.length > 1)).toBe(true);
    for (const people of base.zones.values()) {
      const order = base.store.peopleInOrder.filter((p) => people.includes(p));
      expect(people).toEqual(order);
    }
  });
});
