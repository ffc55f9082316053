import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isAbortError, type AiCall } from './aiCall';

export interface AiActionState {
  running: boolean;
  /** The run in progress is the offline assistant's (no model to wait for). */
  offline: boolean;
  /** When the model was asked (ms since the epoch), while running. */
  startedAt: number | null;
  /** The last run's failure, until dismissed or run again; null when there is none. */
  error: unknown;
  /** The user cancelled the last run: nothing was applied. */
  cancelled: boolean;
}

export interface AiAction extends AiActionState {
  /** Runs `call` with the connected model; resolves to whether it finished (not failed or cancelled). */
  run: (call: AiCall) => Promise<boolean>;
  /** Runs the last call again with the offline assistant (after a failure that offers it). */
  retryOffline: () => Promise<boolean>;
  /** Aborts the run in progress; whatever it would have applied is not. */
  cancel: () => void;
  /** Forgets the last failure (its message is closed). */
  dismiss: () => void;
  /** Starts the clock again: a run made of several requests (one per slide) has a deadline each. */
  restartClock: () => void;
}

export interface AiActionOptions {
  /** Handles a failure itself (a snackbar, say); true when it did, so it is not shown as well. */
  onError?: (error: unknown) => boolean;
}

const IDLE: AiActionState = { running: false, offline: false, startedAt: null, error: null, cancelled: false };

/**
 * One AI action of a screen (an outline, a slide's values, a description): runs it, lets the user
 * cancel it, keeps its failure to show, and re-runs the same call with the offline assistant when
 * the model failed. The call carries everything that follows the answer (putting it on screen),
 * so a cancelled run applies nothing and an offline re-run ends the same way. A run still going
 * when the screen goes away is aborted.
 */
export function useAiAction({ onError }: AiActionOptions = {}): AiAction {
  const [state, setState] = useState<AiActionState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const lastCall = useRef<AiCall | null>(null);
  const handleError = useRef(onError);
  useEffect(() => {
    handleError.current = onError;
  });
  useEffect(() => () => controller.current?.abort(), []);

  const execute = useCallback(async (call: AiCall, offline: boolean): Promise<boolean> => {
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    lastCall.current = call;
    setState({ running: true, offline, startedAt: Date.now(), error: null, cancelled: false });
    const current = () => controller.current === mine;
    try {
      await call(offline ? { assistant: 'offline', signal: mine.signal } : { signal: mine.signal });
      if (current()) setState(IDLE);
      return current();
    } catch (error) {
      // Cancelled (by the user, a newer run or leaving the screen): the canceller set the state.
      if (!current() || isAbortError(error)) return false;
      const handled = handleError.current?.(error) ?? false;
      setState({ ...IDLE, error: handled ? null : error });
      return false;
    } finally {
      if (current()) controller.current = null;
    }
  }, []);

  const run = useCallback((call: AiCall) => execute(call, false), [execute]);
  const retryOffline = useCallback(() => (lastCall.current ? execute(lastCall.current, true) : Promise.resolve(false)), [execute]);
  const cancel = useCallback(() => {
    const running = controller.current;
    if (!running) return;
    controller.current = null;
    running.abort();
    setState({ ...IDLE, cancelled: true });
  }, []);
  const dismiss = useCallback(() => setState((current) => (current.error === null ? current : { ...current, error: null })), []);
  const restartClock = useCallback(() => setState((current) => (current.running ? { ...current, startedAt: Date.now() } : current)), []);

  return useMemo(() => ({ ...state, run, retryOffline, cancel, dismiss, restartClock }), [state, run, retryOffline, cancel, dismiss, restartClock]);
}
