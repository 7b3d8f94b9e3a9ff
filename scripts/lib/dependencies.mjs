import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { mustRun } from './run.mjs';

/**
 * Installs dependencies when node_modules is missing or older than the lockfile. `npm install`
 * rather than `npm ci`: the registry here lacks some optional platform binaries the lockfile
 * names (other OSes' swc builds), which `npm ci` refuses while `npm install` keeps the locked versions.
 */
export async function ensureDependencies(root) {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing dependencies…');
  await mustRun('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root });
}
