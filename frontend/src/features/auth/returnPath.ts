/** Where /login sends the user back to after signing in (set by <RequireAuth>). */
export interface ReturnToState {
  from?: string;
}

/** The remembered page, if it is a path inside this app (never an open redirect). */
export function returnPath(state: unknown, fallback: string): string {
  const from = (state as ReturnToState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : fallback;
}
