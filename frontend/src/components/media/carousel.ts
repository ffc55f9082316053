/** The index `delta` steps from `current` among `total` slides, wrapping around both ends. */
export function stepIndex(current: number, delta: number, total: number): number {
  if (total <= 0) return 0;
  return (((current + delta) % total) + total) % total;
}

/** The carousel's cross-fade (spec §9). */
export const CAROUSEL_FADE_MS = 150;
