import { existsSync } from 'node:fs';
import { mustRun } from './run.mjs';

/**
 * Debian's headless shell (package chromium-headless-shell): the browser Playwright itself runs for headless tests.
 * Without the full browser's UI and display compositor it spends about a quarter less CPU per test on two cores
 * (docs/operations.md §10); the full browser is the fallback.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const FULL_BROWSERS = ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The browser the tests launch: CHROMIUM_PATH, else Debian's headless shell, else Debian's full Chromium. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const p of [HEADLESS_SHELL, ...FULL_BROWSERS]) if (existsSync(p)) return p;
  return '';
}

/** Playwright cannot download browsers here; install Debian's headless shell when we may (root), else explain. */
export async function ensureChromium() {
  if (process.env.CHROMIUM_PATH || existsSync(HEADLESS_SHELL)) return;
  if (process.getuid?.() !== 0) {
    if (chromiumPath()) return;
    throw new Error(
      'Chromium is needed for the browser tests: install it (Debian: sudo apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.',
    );
  }
  console.log('Installing Debian chromium-headless-shell for the browser tests…');
  await mustRun('bash', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null',
  ]);
}
