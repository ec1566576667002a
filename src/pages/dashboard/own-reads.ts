// The page's own reads of /api/v2 (the records it lists): each one is noted as it is sent and marks the first
// journal entry that fits it, so the journal can hide them unless asked for and show what the app did.
import type { components } from '../../types/control.js';
import { roster } from './roster.js';

type JournalEntry = components['schemas']['JournalEntry'];

/** The reads sent and not yet seen in the journal, by path and query. */
const pending = new Map<string, number>();

/**
 * Notes a read of `pathAndQuery` about to be sent.
 * @example noteOwnRead('/api/v2/goals?per_page=50')
 */
export function noteOwnRead(pathAndQuery: string): void {
  pending.set(pathAndQuery, (pending.get(pathAndQuery) ?? 0) + 1);
}

/**
 * Whether an entry is one of this page's own reads (each read marks one entry, the first that fits).
 * @example const own = isOwnRead(entry)
 */
export function isOwnRead(entry: JournalEntry): boolean {
  const count = entry.method === 'GET' ? pending.get(entry.path) : undefined;
  if (!count || entry.person?.id !== roster.defaultPerson?.person.id) return false;
  if (count === 1) pending.delete(entry.path);
  else pending.set(entry.path, count - 1);
  return true;
}
