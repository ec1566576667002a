// G2's case-blind ids on input: which schemas hold ids, and the lowercase copy that never writes to the caller's.
import { describe, expect, it } from 'vitest';
import { holdsIds, lowercaseIds } from './id-inputs.js';

const same = (schema: Record<string, unknown>) => schema;

describe('id-inputs', () => {
  it('an id, a list of ids, CI6 id-or-date and a nullable id hold ids; a date, a string or a list of kinds do not', () => {
    expect(holdsIds({ type: 'string', format: 'uuid' }, same)).toBe(true);
    expect(holdsIds({ type: 'array', items: { type: 'string', format: 'uuid' } }, same)).toBe(true);
    expect(holdsIds({ anyOf: [{ format: 'uuid' }, { format: 'date' }] }, same)).toBe(true);
    expect(holdsIds({ type: ['string', 'null'], format: 'uuid' }, same)).toBe(true);
    expect(holdsIds({ type: 'string', format: 'date' }, same)).toBe(false);
    expect(holdsIds({ type: 'string' }, same)).toBe(false);
    expect(holdsIds({ type: 'array', items: { $ref: 'Kind' } }, () => ({ enum: ['jira'] }))).toBe(false);
    expect(holdsIds(undefined, same)).toBe(false);
  });

  it('lowercases the named ids in a copy, leaving the caller its object; the same object when nothing changes', () => {
    const sent = {
      id: '3B241101-E2BB-4255-8CAF-4136C566A962',
      team_ids: ['AB', 'cd'],
      title: 'Keep ME',
      parent_id: null,
    };
    const taken = lowercaseIds(sent, ['id', 'team_ids', 'parent_id', 'owner_id']);
    expect(taken).toEqual({ ...sent, id: '3b241101-e2bb-4255-8caf-4136c566a962', team_ids: ['ab', 'cd'] });
    expect(sent.id).toBe('3B241101-E2BB-4255-8CAF-4136C566A962');
    expect(sent.team_ids).toEqual(['AB', 'cd']);
    const lower = { id: '3b241101-e2bb-4255-8caf-4136c566a962', team_ids: ['ab'] };
    expect(lowercaseIds(lower, ['id', 'team_ids'])).toBe(lower);
  });
});
