// G4's documented order of Echoes (oldest first: created_at, then creation order) on a hand-made world whose
// table holds them in another order, as a restored state may: the list sorts, it does not trust the table.
import { describe, expect, it } from 'vitest';
import { listEchoQuestions } from './echoes.js';
import type { EchoQuestion } from './records.js';
import { handMadePerson, importedWorld } from '../../test/support/hand-made-world.js';

const NOW = Date.parse('2026-11-20T15:00:00Z') / 1000;
const DAY = 86_400;
const TEAM = '00000000-0000-4000-8000-0000000000aa';
const PERSON = handMadePerson('00000000-0000-4000-8000-000000000001', 'Ada Byrne', [TEAM]);

function question(n: number, createdAt: number, seq: number): EchoQuestion {
  return {
    id: `00000000-0000-4000-8000-0000000000e${n}`,
    creatorId: PERSON.id,
    prompt: `Question ${n}`,
    title: `Question ${n}`,
    answerFrequency: 'weekly',
    answerDay: 'monday',
    answerTime: '09:00',
    answerTimeZone: 'Etc/UTC',
    pausedAt: null,
    publishedThrough: NOW,
    createdAt,
    updatedAt: createdAt,
    seq,
  };
}

describe('G4 Echo list order', () => {
  it('is created_at ascending, then creation order, whatever order the table holds them in', () => {
    // 3 and 2 were created in the same second (3 after 2); 1 a day earlier. The table holds them newest first.
    const questions = [question(3, NOW - DAY, 3), question(2, NOW - DAY, 2), question(1, NOW - 2 * DAY, 1)];
    const world = importedWorld(
      { people: [PERSON], teams: [{ id: TEAM, name: 'Team', checkInDays: [] }], echoQuestions: questions },
      NOW,
    );
    expect([...world.store.echoQuestions.values()].map((q) => q.prompt)).toEqual([
      'Question 3',
      'Question 2',
      'Question 1',
    ]);
    const listed = listEchoQuestions(world, { page: 1, perPage: 50 });
    expect(listed.map((q) => q.prompt)).toEqual(['Question 1', 'Question 2', 'Question 3']);
  });
});
