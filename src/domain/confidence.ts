// GU2 snapping and GO5 labels of goal and update confidence.

export type SnappedConfidence = 30 | 60 | 90;

/**
 * GU2: snap an integer 0–100 to 30, 60 or 90: below 45 → 30, 45 to 74 → 60, 75 and above → 90.
 * @example snapConfidence(44) // 30
 */
export function snapConfidence(value: number): SnappedConfidence {
  if (value < 45) return 30;
  if (value < 75) return 60;
  return 90;
}

/** GO5: the label of a confidence value (100 is the goal's value before any update, GO4). */
export function confidenceDescription(confidence: number): 'Off track' | 'At risk' | 'On track' {
  if (confidence === 30) return 'Off track';
  if (confidence === 60) return 'At risk';
  return 'On track';
}
