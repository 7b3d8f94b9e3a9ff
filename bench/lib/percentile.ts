/** Nearest-rank percentile of an ascending list (0 for an empty one), as every benchmark reports it. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
