// LW9: an imported comment's story prefers a reply that repeats no run of the source (commentStory's `clean`), so
// that the repair, which redraws words and cuts a text back, is left for when every reply would repeat it.
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../fixtures/phrases.js';
import type { Voice } from '../../fixtures/voices.js';
import { commentStory } from './imported-story.js';

const voice: Voice = { seed: 42, area: AREAS[0], author: 'agraham', style: 3, mentions: [] };
const text = (clean?: (t: string) => boolean) =>
  commentStory(voice, 'good', 'dark mode', '@dlim', false, 'c1', 48, clean).blocks.flat()[0]!.text;

describe('commentStory', () => {
  it('takes the reply nearest the length that `clean` accepts, and the nearest of all when it accepts none', () => {
    const nearest = text();
    const refused = text((t) => t !== nearest);
    expect(refused).not.toBe(nearest);
    expect(refused).toContain('@dlim');
    expect(text(() => false)).toBe(nearest);
  });
});
