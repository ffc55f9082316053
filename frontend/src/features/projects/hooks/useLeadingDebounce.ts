import { useCallback, useRef } from 'react';

/** Slide navigation debounce (spec §9). */
export const SLIDE_NAVIGATION_DEBOUNCE_MS = 200;

/**
 * Runs `callback` at once, then ignores further calls until `delayMs` passed without one: a held
 * arrow key steps through slides at a readable pace instead of flashing past them.
 */
export function useLeadingDebounce<Args extends unknown[]>(callback: (...args: Args) => void, delayMs = SLIDE_NAVIGATION_DEBOUNCE_MS) {
  const lastCall = useRef(0);
  return useCallback(
    (...args: Args) => {
      const now = Date.now();
      const quiet = now - lastCall.current >= delayMs;
      lastCall.current = now;
      if (quiet) callback(...args);
    },
    [callback, delayMs],
  );
}
