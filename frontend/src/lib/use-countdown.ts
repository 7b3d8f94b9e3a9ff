import { useEffect, useState } from 'react';
import { countdownParts, type CountdownParts } from './format';

export const COUNTDOWN_TICK_MS = 1000;

/** Live countdown to `endMs` that re-renders every second and stops ticking once it has ended. */
export function useCountdown(endMs: number): CountdownParts {
  const [parts, setParts] = useState(() => countdownParts(endMs));
  useEffect(() => {
    setParts(countdownParts(endMs));
    if (countdownParts(endMs).ended) return undefined;
    const timer = setInterval(() => {
      const next = countdownParts(endMs);
      setParts(next);
      if (next.ended) clearInterval(timer);
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [endMs]);
  return parts;
}
