import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_SERVER_PORT, SERVER_COUNT, serverPort } from './server-port';

/** Where the demo accounts' signed-in states for one server are kept: per port, as each server has its own sessions. */
export function signedInStateDir(port = serverPort()): string {
  return join(__dirname, '..', '..', '.tmp', `e2e-signed-in-${port}`);
}

/** Playwright's global setup: a new run starts on fresh databases, so the last run's sessions are worthless. */
export default function forgetSignedInStates(): void {
  for (let i = 0; i < SERVER_COUNT; i++) rmSync(signedInStateDir(FIRST_SERVER_PORT + i), { recursive: true, force: true });
}
