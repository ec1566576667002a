// Where the records an answer names are read through /api/v2: by the key that names them (`owner`, `teams`, …),
// by a record's own `type`, or by the path the answer came from.

/** Where each kind of record named in an answer is read, by the key that names it. */
const PATH_OF_KEY: Readonly<Record<string, string>> = {
  owner: '/people',
  person: '/people',
  contributors: '/people',
  members: '/people',
  people: '/people',
  teams: '/teams',
  team: '/teams',
  goal: '/goals',
  parent: '/goals',
  goal_update: '/goal-updates',
  check_in: '/check-ins',
  question: '/echo/questions',
};

/** The same by a record's own `type` field. */
const PATH_OF_TYPE: Readonly<Record<string, string>> = {
  goal: '/goals',
  'goal-update': '/goal-updates',
  'check-in': '/check-ins',
  'echo-answer': '/echo/answers',
};

/** The collections whose records GET /api/v2/<collection>/<id> reads, by their path's last word. */
const READABLE: Readonly<Record<string, string>> = {
  people: '/people',
  teams: '/teams',
  goals: '/goals',
  'goal-updates': '/goal-updates',
  'check-ins': '/check-ins',
  questions: '/echo/questions',
  answers: '/echo/answers',
  activities: '/activities',
};

const own = (table: Readonly<Record<string, string>>, name: string) =>
  Object.hasOwn(table, name) ? table[name] : undefined;

/**
 * Where the records under `key` of an answer are read, if they can be.
 * @example pathOfKey('owner') // '/people'
 */
export function pathOfKey(key: string): string | undefined {
  return own(PATH_OF_KEY, key);
}

/**
 * Where a record of this `type` is read, if it can be.
 * @example pathOfType('goal-update') // '/goal-updates'
 */
export function pathOfType(type: string): string | undefined {
  return own(PATH_OF_TYPE, type);
}

/**
 * Where the records an answer of `path` holds are read (`/goals` for /api/v2/goals?…), if they can be.
 * @example collectionOf('/api/v2/check-ins/2026-11-20') // '/check-ins'
 */
export function collectionOf(path: string): string | undefined {
  const words = path.split('?')[0]?.split('/').filter(Boolean) ?? [];
  // The last word that is not an id or a date (CI6): /check-ins/<id> is a check-in.
  const word = words.reverse().find((w) => !/^[0-9a-f-]{36}$|^\d{4}-\d{2}-\d{2}$/.test(w));
  return word === undefined ? undefined : own(READABLE, word);
}
