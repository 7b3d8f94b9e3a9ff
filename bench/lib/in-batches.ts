/** Runs `fn` over `items`, `size` at a time: setup work (logins, connections) without starting thousands at once. */
export async function inBatches<T>(items: T[], size: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map((item, j) => fn(item, i + j)));
}

/** `count` things (connections, say) made `size` at a time, in the order they were started. */
export async function makeInBatches<T>(count: number, size: number, make: () => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let i = 0; i < count; i += size) made.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, make))));
  return made;
}
