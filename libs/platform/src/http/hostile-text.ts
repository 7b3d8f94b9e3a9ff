import { malformedInput, unprocessable } from './api-errors';

/** Characters no field of ours may carry: NUL (PostgreSQL text refuses it) and lone UTF-16 surrogates (jsonb refuses them). */
const HOSTILE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const HOSTILE_TEXT_MESSAGE = 'Contains characters that are not allowed.';
export const TOO_MANY_VALUES_MESSAGE = 'Too many values.';

/**
 * Nodes one scan may visit. The scan runs over what a schema accepted (bounded arrays and strings in a body of at
 * most a few hundred KB), which stays far below this; a value above it is refused rather than walked further.
 */
export const HOSTILE_SCAN_MAX_NODES = 20_000;
/** Paths reported at most: the answer names a few fields, never every bad one of a large value. */
const MAX_PATHS = 5;

/**
 * The paths (`a.b.0`, `_` for the value itself) of the strings or keys in `value` that carry a hostile character (at
 * most a few), or null when `value` has more than `maxNodes` nodes.
 */
export function hostileTextPaths(value: unknown, maxNodes = HOSTILE_SCAN_MAX_NODES): string[] | null {
  const found: string[] = [];
  const stack: [unknown, string][] = [[value, '']];
  let visited = 0;
  while (stack.length && found.length < MAX_PATHS) {
    if (++visited > maxNodes) return null;
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (HOSTILE.test(node)) found.push(path || '_');
    } else if (node !== null && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        if (HOSTILE.test(key)) found.push(path || '_');
        else stack.push([(node as Record<string, unknown>)[key], path ? `${path}.${key}` : key]);
      }
    }
  }
  return found;
}

/** Throws the SPEC's 422 when `value` carries hostile text (errors under `field` for the value itself) or is too large to scan. */
export function refuseHostileText(value: unknown, field = '_'): void {
  const paths = hostileTextPaths(value);
  if (paths === null) throw malformedInput(TOO_MANY_VALUES_MESSAGE, { [field]: [TOO_MANY_VALUES_MESSAGE] });
  if (!paths.length) return;
  const errors = new Map(paths.map((path) => [path === '_' ? field : path, [HOSTILE_TEXT_MESSAGE]]));
  throw unprocessable(HOSTILE_TEXT_MESSAGE, Object.fromEntries(errors));
}
