/**
 * One sample's value from a Prometheus text exposition: the first line of `name` whose labels include every
 * `label="value"` given (NaN when absent). Enough for the default process metrics and a few gauges; not a parser
 * of the whole format.
 */
export function promValue(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || (line[name.length] !== ' ' && line[name.length] !== '{')) continue;
    if (!wanted.every((w) => line.includes(w))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return NaN;
}
