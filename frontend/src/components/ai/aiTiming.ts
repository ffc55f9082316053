import { useEffect, useState } from 'react';
import { useAppConfig } from '@/api/appConfig';

/** The connected model's deadline per action, in seconds; null with the offline assistant (nothing to wait for). */
export function useAiDeadline(): number | null {
  return useAppConfig().data?.aiDeadlineSeconds ?? null;
}

/** Whole seconds since `startedAt`, ticking once a second (0 when there is no start). */
export function useElapsedSeconds(startedAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [startedAt]);
  // Before the first tick `now` may predate the start: that is 0 s, not a negative count.
  return startedAt === null ? 0 : Math.max(0, Math.floor((now - startedAt) / 1000));
}
