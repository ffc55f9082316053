/** Where /login sends the user back to after signing in (set by <RequireAuth>). */
export interface ReturnToState {
  from?: string;
}

/** `candidate` if it is a path inside this app, else `fallback` (never an open redirect). */
export function sameSitePath(candidate: unknown, fallback: string): string {
  return typeof candidate === 'string' &&
    candidate.startsWith('/') &&
    !candidate.startsWith('//') &&
    !candidate.includes('\\')
    ? candidate
    : fallback;
}

/** The remembered page, if it is a path inside this app (never an open redirect). */
export function returnPath(state: unknown, fallback: string): string {
  return sameSitePath((state as ReturnToState | null)?.from, fallback);
}
