import { rmSync } from 'node:fs';
import { join } from 'node:path';

/** Where this run keeps the demo accounts' signed-in states: per port, so two runs side by side keep theirs apart. */
export function signedInStateDir(): string {
  return join(__dirname, '..', '..', '.tmp', `e2e-signed-in-${process.env.E2E_PORT ?? '3111'}`);
}

/** Playwright's global setup: a new run starts on a fresh database, so the last run's sessions are worthless. */
export default function forgetSignedInStates(): void {
  rmSync(signedInStateDir(), { recursive: true, force: true });
}
