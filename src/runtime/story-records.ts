// The records a running world holds, as the story measure reads them (fixtures/story-measure.ts): its people,
// teams, goals, updates, check-ins, comments, reactions and Echo answers now, caught up to its clock first.
import type { World } from '../domain/world.js';
import type { ReplyRecords } from '../../fixtures/story-replies.js';

/**
 * A world's records now, copied out: a later write or clock step does not change what was read.
 * @example measureStory(storyRecordsOf(mock.world))
 */
export function storyRecordsOf(world: World): ReplyRecords {
  world.catchUp();
  const { store } = world;
  return {
    now: world.now(),
    defaultPersonId: world.defaultPersonId,
    // Absences as the world knows them now, recorded later ones included (CI9).
    people: store.peopleInOrder.map((person) => ({ ...person, absences: store.absencesOf(person) })),
    teams: [...store.teamsInOrder],
    goals: [...store.table('goals').values()],
    goalUpdates: [...store.table('goalUpdates').values()],
    checkIns: [...store.table('checkIns').values()],
    comments: [...store.table('comments').values()],
    reactions: [...store.table('reactions').values()],
    echoAnswers: [...store.table('echoAnswers').values()],
    echoQuestions: [...store.table('echoQuestions').values()],
  };
}
