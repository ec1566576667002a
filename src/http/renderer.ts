// The answers' JSON: each record presented (present.ts) and rendered once, then reused while what its text was
// made from stays the same (rendered.ts). Handlers answer with these; the response joins them (G12's ETag
// from their hashes).
import type {
  Activity,
  CheckIn,
  Comment,
  EchoAnswer,
  EchoQuestion,
  Goal,
  GoalUpdate,
  Person,
  Reaction,
  Team,
} from '../domain/records.js';
import { canSeeGoal } from '../domain/goal-visibility.js';
import type { World } from '../domain/world.js';
import type { Presenter } from './present.js';
import { ListCache, RenderCache, type Rendered } from './rendered.js';

/**
 * One per mock, over its presenter. People's and teams' names never change, and a record is never changed in
 * place, so most texts depend on their record alone; the exceptions name what else they read.
 * @example ok(render.goal(world, goal, actor))
 */
export class Renderer {
  readonly #cache: RenderCache;
  /** A team's detail is another text of the same record than the team's own. */
  readonly #teamDetails = new RenderCache(256 * 1024);
  readonly #lists = new ListCache();

  readonly #present: Presenter;

  constructor(present: Presenter, capacity?: number) {
    this.#present = present;
    this.#cache = new RenderCache(capacity);
  }

  /** The bytes of text the caches hold (a server's memory budget counts them). */
  get bytes(): number {
    return this.#cache.bytes + this.#teamDetails.bytes + this.#lists.bytes;
  }

  /** A list of rendered records as one JSON array, reused while `key` lists the very same records. */
  list(key: string, items: readonly Rendered[]): Rendered {
    return this.#lists.get(key, items);
  }

  person(world: World, person: Person): Rendered {
    return this.#cache.get(person, [], () => this.#present.person(world, person));
  }

  team(team: Team): Rendered {
    return this.#cache.get(team, [], () => this.#present.team(team));
  }

  teamDetail(world: World, team: Team): Rendered {
    return this.#teamDetails.get(team, [], () => this.#present.teamDetail(world, team));
  }

  /** GO4: the latest update's progress and confidence; GO7: the parent, if the viewer may see it. */
  goal(world: World, goal: Goal, viewer: Person): Rendered {
    const latest = world.store.latestUpdateOf(goal.id);
    const parent = goal.parentId === null ? undefined : world.store.goals.get(goal.parentId);
    const parentShown = parent !== undefined && canSeeGoal(parent, viewer);
    return this.#cache.get(goal, [latest, parent, parentShown], () => this.#present.goal(world, goal, viewer));
  }

  /** The goal's title. */
  goalUpdate(world: World, update: GoalUpdate): Rendered {
    return this.#cache.get(update, [world.store.goals.get(update.goalId)], () =>
      this.#present.goalUpdate(world, update),
    );
  }

  checkIn(world: World, checkIn: CheckIn): Rendered {
    return this.#cache.get(checkIn, [], () => this.#present.checkIn(world, checkIn));
  }

  /** EC2: `next_answer_at` follows the clock. */
  echoQuestion(world: World, question: EchoQuestion, now = world.now()): Rendered {
    return this.#cache.get(question, [now], () => this.#present.echoQuestion(world, question, now));
  }

  /** The question's title. */
  echoAnswer(world: World, answer: EchoAnswer): Rendered {
    return this.#cache.get(answer, [world.store.echoQuestions.get(answer.questionId)], () =>
      this.#present.echoAnswer(world, answer),
    );
  }

  comment(world: World, comment: Comment): Rendered {
    return this.#cache.get(comment, [], () => this.#present.comment(world, comment));
  }

  reaction(world: World, reaction: Reaction): Rendered {
    return this.#cache.get(reaction, [], () => this.#present.reaction(world, reaction));
  }

  activity(world: World, activity: Activity): Rendered {
    return this.#cache.get(activity, [], () => this.#present.activity(world, activity));
  }
}
