import { defineConfig } from '@playwright/test';

const port = process.env.E2E_PORT ?? '3111';
const chromium = process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium';
// Playwright empties outputDir when a run starts, so a run on another port keeps its artifacts apart.
const runSuffix = port === '3111' ? '' : `-${port}`;

/** Browser tests against the built product (scripts/e2e-server.mjs starts api + worker on a fresh database). */
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: `.tmp/e2e-artifacts${runSuffix}`,
  // test.mjs names the JSON file; by hand it goes under .tmp instead of flooding the console.
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? `.tmp/e2e-results${runSuffix}.json` }]],
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
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { E2E_PORT: port },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
