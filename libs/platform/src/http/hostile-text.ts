/** Characters no field of ours may carry: NUL (PostgreSQL text refuses it) and lone UTF-16 surrogates (jsonb refuses them). */
const HOSTILE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const HOSTILE_TEXT_MESSAGE = 'Contains characters that are not allowed.';

/**
 * The paths (`a.b.0`, `_` for the value itself) of every string or key in `value` that carries a hostile
 * character. Walks at most `maxNodes` nodes: a 256 KB JSON body (the parser's limit) has fewer, so the bound only
 * guards against a deliberately deep structure costing more than its bytes.
 */
export function hostileTextPaths(value: unknown, maxNodes = 200_000): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[value, '']];
  let visited = 0;
  while (stack.length && visited++ < maxNodes) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (HOSTILE.test(node)) found.push(path || '_');
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        const childPath = path ? `${path}.${key}` : key;
        if (HOSTILE.test(key)) found.push(path || '_');
        else stack.push([child, childPath]);
      }
    }
  }
  return found;
}
