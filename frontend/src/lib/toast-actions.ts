/**
 * What the button of a toast runs, by toast id. Redux state holds data only, so the function lives here from the
 * toast's showing until it is pressed or dismissed.
 */
const actions = new Map<string, () => void>();

export function registerToastAction(id: string, run: () => void): void {
  actions.set(id, run);
}

/** Runs the toast's action once; a second press or a dismissed toast finds nothing. */
export function runToastAction(id: string): void {
  const run = actions.get(id);
  actions.delete(id);
  run?.();
}

export function forgetToastAction(id: string): void {
  actions.delete(id);
}
