import { useEffect, useState } from 'react';

/**
 * Whether the moment `atIso` has passed (null: never), re-rendering once when it does, so a screen that decides from a
 * deadline (a poll's timer) changes at that moment without a push or a per-second tick.
 */
export function usePassed(atIso: string | null): boolean {
  const at = atIso === null ? null : new Date(atIso).getTime();
  const [passed, setPassed] = useState(() => at !== null && at <= Date.now());
  useEffect(() => {
    if (at === null) return setPassed(false);
    const wait = at - Date.now();
    setPassed(wait <= 0);
    if (wait <= 0) return undefined;
    // setTimeout takes at most about 24.8 days; a poll's timer is at most a day.
    const timer = setTimeout(() => setPassed(true), wait);
    return () => clearTimeout(timer);
  }, [at]);
  return passed;
}
