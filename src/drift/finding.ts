// A difference as the walk finds it, before the same difference met through several operations is made one
// change and the rules governing its place are read (drift-report.ts).
import type { Category, ChangeKind } from './drift-change.js';
import type { DescriptionDocument } from './description-document.js';

export interface Finding {
  readonly category: Category;
  readonly kind: ChangeKind;
  readonly production: string | null;
  readonly standin: string | null;
  readonly message: string;
  /** Where standin's governing rules are read, when not at `standin` (a security requirement: its scheme's). */
  readonly rulesAt?: string;
  /**
   * The side that has what the other lacks. Its pointer alone says which difference this is: the other side's is
   * only the nearest place that would hold it, which differs with each way it is met (a header production's
   * `4XX` answer carries is one difference, whichever of standin's 400, 401 or 404 lacks it).
   */
  readonly only?: 'standin' | 'production';
}

/** Takes a finding, met in the operation under comparison. */
export type ReportFinding = (finding: Finding) => void;

/** The two descriptions under comparison, and what standin's world is known to emit. */
export interface ComparedPair {
  readonly standin: DescriptionDocument;
  readonly production: DescriptionDocument;
  /**
   * The values standin's world emits at an enum of its spec (the pointer of the node holding `enum` or
   * `const`), or undefined where no record of the world reaches it.
   */
  readonly emitted?: (standinPointer: string) => readonly unknown[] | undefined;
}

/** Which way a value travels: a client sends `input` (parameters, request bodies), receives `output`. */
export type Direction = 'input' | 'output';

/**
 * What a difference in how much each side allows means for a client built against standin. Input: breaking when
 * standin accepts what production refuses, compatible when production only accepts more. Output: breaking when
 * production may answer what standin never does, compatible when it only answers less.
 * @example judge('input', true, false) // 'breaking'
 */
export function judge(
  direction: Direction,
  standinAllowsMore: boolean,
  productionAllowsMore: boolean,
): Category | null {
  if (direction === 'input') return standinAllowsMore ? 'breaking' : productionAllowsMore ? 'compatible' : null;
  return productionAllowsMore ? 'breaking' : standinAllowsMore ? 'compatible' : null;
}

/** `accepts` for what a client sends, `answers` for what it receives. */
export function verb(direction: Direction): string {
  return direction === 'input' ? 'accepts' : 'answers';
}

/**
 * A `required` difference, or null when both sides agree: the side that does not require the value admits more
 * (requests without it, or answers without it), and `judge` says what that means in `direction`.
 * @example requiredFinding('input', false, true, at, at, '`GoalInput.title`: production requires it, standin does not')
 */
export function requiredFinding(
  direction: Direction,
  standinRequires: boolean,
  productionRequires: boolean,
  standin: string,
  production: string,
  message: string,
): Finding | null {
  if (standinRequires === productionRequires) return null;
  const category = judge(direction, productionRequires, standinRequires);
  return category === null ? null : { category, kind: 'required', standin, production, message };
}
