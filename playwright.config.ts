import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

import { ensureRunSigningKey } from './e2e/support/fake-kick';
import { FIRST_SERVER_PORT, SERVER_COUNT } from './e2e/support/server-port';

ensureRunSigningKey();

const port = String(FIRST_SERVER_PORT);
// The same choice as scripts/lib/chromium.mjs (npm test passes it as CHROMIUM_PATH): the headless shell, else Chromium.
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH || (existsSync(headlessShell) ? headlessShell : '/usr/lib/chromium/chromium');
// Playwright empties outputDir when a run starts, so a run on another port keeps its artifacts apart.
const runSuffix = port === '3111' ? '' : `-${port}`;

/**
 * Browser tests against the built product. scripts/e2e-server.mjs starts api + worker on a fresh database; the run
 * starts one such server per worker (E2E_SERVERS, three by default, on E2E_PORT and the ports after it, all at once
 * through scripts/e2e-servers.mjs), and each
 * worker's tests use only its own (e2e/support/server-port.ts), so a worker's site-wide changes never reach the other.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/signed-in-state.ts',
  // Safety nets, not speed limits: a test waits for conditions, and these only end one that hangs. Set with room for
  // a host three times slower than usual, where a multi-browser test of 20 s takes a minute.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // Files spread over the workers; a file's tests run in order, in one worker, on one server.
  fullyParallel: false,
  workers: SERVER_COUNT,
  retries: 0,
  outputDir: `.tmp/e2e-artifacts${runSuffix}`,
  // test.mjs names the JSON file; by hand it goes under .tmp instead of flooding the console.
  // The progress reporter writes each finished test as it ends, so `npm test` can count a run stopped at its cap.
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? `.tmp/e2e-results${runSuffix}.json` }],
    ['./scripts/lib/playwright-progress-reporter.mjs'],
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // One command for all the servers, started side by side (Playwright starts list entries one after another).
    // exec: the launcher is Playwright's own child, so it sees Playwright go, and each server sees the launcher go.
    command: 'exec node scripts/e2e-servers.mjs',
    wait: { stdout: /ALL_SERVERS_READY/ },
    // The same room as before, when each server had 180 s of its own in turn.
    timeout: 180_000 * SERVER_COUNT,
    reuseExistingServer: false,
    env: { E2E_PORT: String(FIRST_SERVER_PORT), E2E_SERVERS: String(SERVER_COUNT) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
