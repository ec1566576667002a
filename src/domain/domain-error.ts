// Failures the domain reports; the HTTP layer maps each kind to its G8 status and problem body.
import type { FieldError } from '../spec/describe-errors.js';

/** not-found 404, forbidden 403, invalid 422, conflict 409 (a limit of the mock, such as its snapshot count). */
export type DomainErrorKind = 'not-found' | 'forbidden' | 'invalid' | 'conflict';

/**
 * @example throw DomainError.invalid([{ in: 'body', name: 'parent_id', message: '…' }])
 */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly errors: FieldError[] = [],
    /**
     * MCP6: the rule that refused, when the message's own first rule id is not it (a private goal's 404 says G2
     * to its caller, as any unknown id's: GO7 decided it, and only the journal's explanation says so).
     */
    readonly rule?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  /**
   * G2, GO7: a record that does not exist, or that the caller may not see, does not exist: the same answer for
   * both; `rule` says which it was for the journal alone (MCP6's explain).
   */
  static notFound(what: string, id: string, rule?: string): DomainError {
    return new DomainError(
      'not-found',
      `No ${what} with id ${id} exists, or it is not visible to you (G2). Check the id; list them to find one.`,
      [],
      rule,
    );
  }

  /**
   * G2: `record`, or a 404 naming `what` and `id` when there is none.
   * @example const person = DomainError.unlessFound(world.store.people.get(id), 'person', id)
   */
  static unlessFound<T>(record: T | undefined, what: string, id: string): T {
    if (!record) throw DomainError.notFound(what, id);
    return record;
  }

  /** 403; `errors` name the fields the caller may not change (GO9). */
  static forbidden(message: string, errors: FieldError[] = []): DomainError {
    return new DomainError('forbidden', message, errors);
  }

  /** 422 with one entry per bad field. */
  static invalid(errors: FieldError[]): DomainError {
    return new DomainError('invalid', errors.map((e) => e.message).join(' '), errors);
  }

  static field(location: FieldError['in'], name: string, message: string): DomainError {
    return DomainError.invalid([{ in: location, name, message: `${name} ${message}` }]);
  }
}
