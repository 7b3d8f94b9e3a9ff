import { existsSync } from 'node:fs';
import { mustRun } from './run.mjs';

/** Debian's Chromium: the real binary behind the /usr/bin/chromium wrapper (ARCHITECTURE §4). */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const p of ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser']) if (existsSync(p)) return p;
  return '';
}

/** Playwright cannot download browsers here; install Debian's package when we may (root), else explain. */
export async function ensureChromium() {
  if (chromiumPath()) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      'Chromium is needed for the browser tests: install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH.',
    );
  }
  console.log('Installing Debian chromium for the browser tests…');
  await mustRun('bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null']);
}
