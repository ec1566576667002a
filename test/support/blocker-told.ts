// How a reader tells, from a check-in's text alone, what became of the blocker of the person's check-in before (LW3):
// told cleared in the previous answer, or still in the way in the blockers answer (fixtures/voice-habits.ts words
// them); shared by the history's test (fixtures/world-text.test.ts) and the clock's (test/living-world.test.ts).

/** A previous answer's line telling the last blocker cleared, its component the first group. */
export const CLEARED =
  /^- (?:Cleared the blocker on|No longer blocked on|Unblocked on|Got past the blocker on|Sorted out the hold-up on|Moving again on|Got around the blocker on|Resolved the blocker on) (?:the|our) (.+?)(?: since my last check-in| at last| after all|, as hoped| for now| this morning| in the end)?$/;

/** A blockers answer opening on the last check-in's blocker still in the way, a second check-in running. */
const STILL =
  /^(?:Still (?:blocked|stuck|held up)(?: on this| here|, as before)?|No change (?:yet|so far|since last time|here)|Unchanged(?: so far| since last time| here)?|Same blocker(?: as before| as last time| here)?|Not cleared (?:yet|so far|since last time)|Not cleared, sadly|Still in (?:the|our|my) way(?:, sadly)?): /;

/** The same, a third check-in running or more: "again", not "still" a second time. */
export const AGAIN =
  /^(?:Blocked again, same as before|(?:Blocked|Stuck|Held up|In the way|Unchanged|Same blocker|Not cleared) (?:again|once more|yet again)|Again (?:blocked|no change|stuck|unchanged|the same blocker|not cleared|held up|in the way)|Still no change|No change again|Yet again no change|Still not cleared): /;

/** Whether a blockers answer tells the last check-in's blocker still in the way (STILL or AGAIN). */
export const goesOn = (blockers: string | null): boolean => STILL.test(blockers ?? '') || AGAIN.test(blockers ?? '');
