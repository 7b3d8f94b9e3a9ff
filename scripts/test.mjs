#!/usr/bin/env node
// `npm test`: bootstrap, then lint, typecheck, unit, integration, component, deploy and browser tests.
// Ends with one line "N passed, N failed" and a non-zero exit when anything failed.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { ensureDependencies } from './lib/dependencies.mjs';
import { run } from './lib/run.mjs';
import { chromiumPath, ensureChromium } from './lib/chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '.tmp', 'test-results');
const MIN = 60_000;
const totals = { passed: 0, failed: 0 };
const steps = [];

function record(name, passed, failed, ok) {
  totals.passed += passed;
  totals.failed += failed;
  if (!ok && failed === 0) totals.failed += 1; // a step that broke without test counts (crash, lint error) still fails the run
  steps.push({ name, ok: ok && failed === 0, passed, failed });
  console.log(`\n── ${name}: ${ok && failed === 0 ? 'ok' : 'FAILED'} (${passed} passed, ${failed} failed)\n`);
}

async function check(name, cmd, args, options = {}) {
  console.log(`\n── ${name}: ${cmd} ${args.join(' ')}`);
  const code = await run(cmd, args, { cwd: root, ...options });
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1, code === 0);
}

async function jestStep(name, args, timeoutMs) {
  const file = join(out, `${name}.json`);
  rmSync(file, { force: true });
  console.log(`\n── ${name}: jest ${args.join(' ')}`);
  const code = await run(process.execPath, ['node_modules/jest/bin/jest.js', ...args, '--json', `--outputFile=${file}`], {
    cwd: root,
    timeoutMs,
  });
  if (!existsSync(file)) return record(name, 0, 0, false);
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const ranNothing = r.numTotalTests === 0;
  record(name, r.numPassedTests, r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0), code === 0 && !ranNothing);
}

async function nodeTestStep(name, args, timeoutMs) {
  console.log(`\n── ${name}: node --test ${args.join(' ')}`);
  const child = spawn(process.execPath, ['--test', '--test-reporter=tap', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let text = '';
  child.stdout.on('data', (d) => {
    text += d;
    process.stdout.write(d);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  clearTimeout(timer);
  const pass = Number(/^# pass (\d+)/m.exec(text)?.[1] ?? 0);
  const fail = Number(/^# fail (\d+)/m.exec(text)?.[1] ?? 0);
  record(name, pass, fail, code === 0 && pass > 0);
}

async function playwrightStep(timeoutMs) {
  const file = join(out, 'e2e.json');
  rmSync(file, { force: true });
  console.log('\n── browser: playwright test');
  const code = await run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test'], {
    cwd: root,
    timeoutMs,
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, CHROMIUM_PATH: chromiumPath() },
  });
  if (!existsSync(file)) return record('browser', 0, 0, false);
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  record('browser', s.expected + (s.flaky ?? 0), s.unexpected, code === 0 && s.expected > 0);
}

async function main() {
  const started = Date.now();
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

  await check('build', 'npm', ['run', 'build', '--silent']);
  await check('lint', process.execPath, ['node_modules/eslint/bin/eslint.js', '.']);
  await check('format', process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', '.', '--log-level=warn']);
  await check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
  await jestStep('unit', ['--selectProjects', 'unit'], 10 * MIN);
  await jestStep('integration', ['--selectProjects', 'integration', '--runInBand'], 15 * MIN);
  await jestStep('components', ['-c', 'frontend/jest.config.cjs'], 10 * MIN);
  await check('deploy-tools', 'bash', ['deploy-checks/install-tools.sh']);
  await nodeTestStep('deploy', ['deploy-checks/'], 5 * MIN);
  await check('bundle-budget', process.execPath, ['bench/bundle-size.mjs']);
  await playwrightStep(15 * MIN);

  for (const c of children.reverse()) await c.stop();
  console.log('\nSummary:');
  for (const s of steps) console.log(`  ${s.ok ? 'ok    ' : 'FAILED'} ${s.name} (${s.passed} passed, ${s.failed} failed)`);
  console.log(`  took ${Math.round((Date.now() - started) / 1000)} s\n`);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(totals.failed === 0 ? 0 : 1);
}

main().catch((err) => {
  console.error(`\nnpm test could not run: ${err.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
