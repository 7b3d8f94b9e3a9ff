#!/usr/bin/env node
// `npm test`: bootstrap, then lint, typecheck, unit, integration, component, deploy and browser tests.
// Ends with one line "N passed, N failed" and a non-zero exit when anything failed. A step stopped at its time
// cap (or the whole command stopped by a signal) still counts the tests it finished, plus one failure for the stop.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureDependencies } from './lib/dependencies.mjs';
import { run, stopRunning } from './lib/run.mjs';
import { chromiumPath, ensureChromium } from './lib/chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '.tmp', 'test-results');
const MIN = 60_000;
/**
 * Each step's cap, far above its normal time so a host two or three times slower still finishes (normal times on
 * docs/operations.md's "Test run" table: unit ~1 min, integration ~6, components ~1.5, deploy ~0.5, browser ~5).
 * A cap only ends a step that hangs; TEST_CAP_SCALE stretches every cap for a host slower still.
 */
const CAP_SCALE = Number(process.env.TEST_CAP_SCALE ?? 1) || 1;
const CAPS = { unit: 15, integration: 40, components: 15, deploy: 10, browser: 40 };
const cap = (step) => CAPS[step] * MIN * CAP_SCALE;
const progressFile = (name) => join(out, `${name}.progress.jsonl`);
const totals = { passed: 0, failed: 0 };
const started = Date.now();
let stepStarted = Date.now();
const steps = [];

function record(name, passed, failed, ok) {
  totals.passed += passed;
  totals.failed += failed;
  if (!ok && failed === 0) totals.failed += 1; // a step that broke without test counts (crash, lint error) still fails the run
  steps.push({ name, ok: ok && failed === 0, passed, failed, seconds: Math.round((Date.now() - stepStarted) / 1000) });
  stepStarted = Date.now();
  console.log(`\n── ${name}: ${ok && failed === 0 ? 'ok' : 'FAILED'} (${passed} passed, ${failed} failed)\n`);
}

async function check(name, cmd, args, options = {}) {
  console.log(`\n── ${name}: ${cmd} ${args.join(' ')}`);
  const code = await run(cmd, args, { cwd: root, ...options });
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1, code === 0);
}

/** The lines a progress reporter wrote so far (one JSON object each); none when it wrote nothing. */
function progressLines(name) {
  const file = progressFile(name);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** A step that ended without its final report (stopped at its cap, or crashed): what its reporter saw, and a failure. */
function recordUnfinished(name, passed, failed) {
  console.log(`\n${name} ended before its report; counting the ${passed + failed} tests it finished.`);
  record(name, passed, failed + 1, false);
}

async function jestStep(name, args, timeoutMs) {
  const file = join(out, `${name}.json`);
  rmSync(file, { force: true });
  rmSync(progressFile(name), { force: true });
  console.log(`\n── ${name}: jest ${args.join(' ')}`);
  const reporters = ['--reporters=default', `--reporters=${join(root, 'scripts/lib/jest-progress-reporter.cjs')}`];
  const code = await run(process.execPath, ['node_modules/jest/bin/jest.js', ...args, ...reporters, '--json', `--outputFile=${file}`], {
    cwd: root,
    timeoutMs,
    env: { PROGRESS_FILE: progressFile(name) },
  });
  if (!existsSync(file)) {
    const files = progressLines(name);
    return recordUnfinished(
      name,
      files.reduce((n, f) => n + f.passed, 0),
      files.reduce((n, f) => n + f.failed, 0),
    );
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const ranNothing = r.numTotalTests === 0;
  record(name, r.numPassedTests, r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0), code === 0 && !ranNothing);
}

/** node --test with TAP: counts its top-level results, so a stopped run still reports what it finished. */
async function nodeTestStep(name, args, timeoutMs) {
  console.log(`\n── ${name}: node --test ${args.join(' ')}`);
  const tap = join(out, `${name}.tap`);
  rmSync(tap, { force: true });
  const code = await run(
    process.execPath,
    [
      '--test',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      ...args,
    ],
    {
      cwd: root,
      timeoutMs,
    },
  );
  const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const summary = /^# pass (\d+)/m.exec(text);
  if (!summary) {
    return recordUnfinished(name, (text.match(/^ok \d+/gm) ?? []).length, (text.match(/^not ok \d+/gm) ?? []).length);
  }
  const pass = Number(summary[1]);
  const fail = Number(/^# fail (\d+)/m.exec(text)?.[1] ?? 0);
  record(name, pass, fail, code === 0 && pass > 0);
}

async function playwrightStep(timeoutMs) {
  const file = join(out, 'e2e.json');
  rmSync(file, { force: true });
  rmSync(progressFile('browser'), { force: true });
  console.log('\n── browser: playwright test');
  const code = await run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test'], {
    cwd: root,
    timeoutMs,
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, CHROMIUM_PATH: chromiumPath(), PROGRESS_FILE: progressFile('browser') },
  });
  if (!existsSync(file)) {
    // The last line per test is its final attempt.
    const outcomes = new Map(progressLines('browser').map((t) => [t.id, t.outcome]));
    const passed = [...outcomes.values()].filter((o) => o === 'expected' || o === 'flaky').length;
    return recordUnfinished('browser', passed, [...outcomes.values()].filter((o) => o === 'unexpected').length);
  }
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  record('browser', s.expected + (s.flaky ?? 0), s.unexpected, code === 0 && s.expected > 0);
}

async function main() {
  mkdirSync(out, { recursive: true });
  await ensureDependencies(root);
  await ensureChromium();
  const { findPostgres, findRedis } = await import('./lib/services.mjs');
  const children = [];
  const adminUrl = await findPostgres(root, children);
  const redisUrl = new URL(await findRedis(root, children));
  redisUrl.pathname = '/15';
  process.env.TEST_PG_ADMIN_URL = adminUrl;
  process.env.TEST_REDIS_URL = redisUrl.toString();

  stepStarted = Date.now();
  await check('build', 'npm', ['run', 'build', '--silent']);
  await check('lint', process.execPath, ['node_modules/eslint/bin/eslint.js', '.']);
  await check('format', process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', '.', '--log-level=warn']);
  await check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
  // Two workers, as jest's default (cores − 1) is one on a two-core host: the step ran a third slower on it.
  await jestStep('unit', ['--selectProjects', 'unit', '--maxWorkers=2'], cap('unit'));
  await jestStep('integration', ['--selectProjects', 'integration', '--maxWorkers=2'], cap('integration'));
  await jestStep('components', ['-c', 'frontend/jest.config.cjs', '--maxWorkers=2'], cap('components'));
  await check('deploy-tools', 'bash', ['deploy-checks/install-tools.sh']);
  await nodeTestStep('deploy', ['deploy-checks/'], cap('deploy'));
  await check('bundle-budget', process.execPath, ['bench/bundle-size.mjs']);
  await playwrightStep(cap('browser'));

  for (const c of children.reverse()) await c.stop();
  summarise();
  process.exit(totals.failed === 0 ? 0 : 1);
}

function summarise() {
  console.log('\nSummary:');
  for (const s of steps) console.log(`  ${s.ok ? 'ok    ' : 'FAILED'} ${s.name} (${s.passed} passed, ${s.failed} failed, ${s.seconds} s)`);
  console.log(`  took ${Math.round((Date.now() - started) / 1000)} s\n`);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
}

// Stopped from outside (CI's overall timeout, Ctrl-C): stop the running step and all it started, then report.
for (const sig of ['SIGTERM', 'SIGINT']) {
  process.once(sig, async () => {
    console.error(`\nnpm test got ${sig}; stopping the running step.`);
    await stopRunning();
    totals.failed += 1;
    summarise();
    process.exit(1);
  });
}

main().catch((err) => {
  console.error(`\nnpm test could not run: ${err.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
