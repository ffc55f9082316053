/** What a key does in the slideshow (PowerPoint's keys); null: not ours. Escape is the dialog's. */
export type SlideshowCommand = { step: number } | { to: 'first' | 'last' } | 'notes';

const STEPS: Record<string, number> = {
  ArrowRight: 1,
  ArrowDown: 1,
  PageDown: 1,
  ' ': 1,
  Enter: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
  PageUp: -1,
  Backspace: -1,
};

export function slideshowCommand(key: string): SlideshowCommand | null {
  if (key in STEPS) return { step: STEPS[key] as number };
  if (key === 'Home') return { to: 'first' };
  if (key === 'End') return { to: 'last' };
  if (key === 'n' || key === 'N') return 'notes';
  return null;
}
