/** The least-squares slope of y over x ([x, y] points); NaN with fewer than two distinct x. */
export function leastSquaresSlope(points: [number, number][]): number {
  const n = points.length;
  const meanX = points.reduce((s, [x]) => s + x, 0) / n;
  const meanY = points.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  }
  return den > 0 ? num / den : NaN;
}
