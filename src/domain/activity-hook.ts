// WH1: an activity collected through the account's hook — the person its `email` names, `source` as its group,
// the link under either of its names — recorded as AC2 records one posted through the API.
import { createActivity } from './activities.js';
import { DomainError } from './domain-error.js';
import type { Activity, Person } from './records.js';
import type { World } from './world.js';
import type { ApiSchema } from '../types/wire.js';

/** WH1: the hook's body, the wire's HookActivity (validated against it first). */
export type HookActivityInput = ApiSchema<'HookActivity'>;

/** The person of the world with that email, compared without regard to case (as mail servers deliver it). */
function personByEmail(world: World, email: string): Person | undefined {
  const wanted = email.trim().toLowerCase();
  return world.store.peopleInOrder.find((person) => person.email.toLowerCase() === wanted);
}

/**
 * WH1: records the activity of the person `email` names: kind `api`, group = source, recorded_at = now.
 * @example collectActivity(world, { email: 'ada@example.com', source: 'Deploys', description: 'Shipped 2.4' })
 */
export function collectActivity(world: World, input: HookActivityInput): Activity {
  const person = personByEmail(world, input.email);
  if (!person)
    throw DomainError.field(
      'body',
      'email',
      `must be the email of a person of this account (WH1); no one has "${input.email.slice(0, 60)}". GET /api/v2/people lists the people and their emails.`,
    );
  if (input.url !== undefined && input.source_url !== undefined && input.url !== input.source_url)
    throw DomainError.field(
      'body',
      'source_url',
      'is another name for url (WH1), and the two differ: send one of them, or the same link in both.',
    );
  return createActivity(world, person, {
    group: input.source,
    description: input.description,
    url: input.url ?? input.source_url,
  });
}
