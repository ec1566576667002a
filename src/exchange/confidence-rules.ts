// Owns what an outside checker expects of a confidence: GO5's label of each value and GU2's snapping of one sent.
// The contract kit's checks and standin proxy's one-exchange rules both read them here. Written apart from the
// domain's own (src/domain/confidence.ts) on purpose: a checker that borrowed the implementation's would agree
// with any mistake in it.

/** GO5: the label of each confidence a goal or an update may carry (100: a goal with no update, GO4). */
export const CONFIDENCE_LABELS: Readonly<Record<number, string>> = {
  30: 'Off track',
  60: 'At risk',
  90: 'On track',
  100: 'On track',
};

/**
 * GU2: a confidence sent, as saved: below 45 → 30, 45 to 74 → 60, 75 and above → 90.
 * @example snappedConfidence(74) // 60
 */
export function snappedConfidence(confidence: number): number {
  return confidence < 45 ? 30 : confidence < 75 ? 60 : 90;
}
