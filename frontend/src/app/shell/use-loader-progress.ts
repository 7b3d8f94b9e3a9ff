import { useEffect, useState } from 'react';

/** SPEC §9: the loader grows 2 percent every 20 ms and stops at 100. */
export const LOADER_STEP_PERCENT = 2;
export const LOADER_STEP_MS = 20;

export function useLoaderProgress(active: boolean): number {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => {
      setProgress((value) => {
        const next = Math.min(100, value + LOADER_STEP_PERCENT);
        if (next === 100) clearInterval(timer);
        return next;
      });
    }, LOADER_STEP_MS);
    return () => clearInterval(timer);
  }, [active]);
  return progress;
}
