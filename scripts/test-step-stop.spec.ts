import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

/** Runs an ES module snippet with the repository's scripts importable, and returns what it printed. */
function runModule(code: string): string {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout.trim();
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a test step stopped at its cap', () => {
  it('takes everything it started with it, a server in a process group of its own included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kb-step-'));
    const pids = join(dir, 'pids');
    // Like Playwright and its web server: the step starts a detached child (own process group), which starts another.
    const server = `
      const { appendFileSync } = require('node:fs');
      const child = require('node:child_process').spawn('sleep', ['300'], { stdio: 'ignore' });
      appendFileSync(${JSON.stringify(pids)}, child.pid + '\\n');
      setInterval(() => {}, 1000);`;
    const step = `
      const { appendFileSync } = require('node:fs');
      const server = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(server)}], { detached: true, stdio: 'ignore' });
      appendFileSync(${JSON.stringify(pids)}, server.pid + '\\n');
      setInterval(() => {}, 1000);`;
    const out = runModule(`
      import { run, stopRunning } from './scripts/lib/run.mjs';
      import { existsSync, readFileSync } from 'node:fs';
      const pending = run(process.execPath, ['-e', ${JSON.stringify(step)}], { stdio: 'ignore' });
      const recorded = () => (existsSync(${JSON.stringify(pids)}) ? readFileSync(${JSON.stringify(pids)}, 'utf8').trim().split('\\n').length : 0);
      while (recorded() < 2) await new Promise((r) => setTimeout(r, 50));
      await stopRunning();
      console.log(await pending);`);
    // Stopped by a signal: a failure code, never 0.
    expect(out).not.toBe('0');
    const started = readFileSync(pids, 'utf8').split('\n').filter(Boolean).map(Number);
    expect(started).toHaveLength(2);
    expect(started.filter(alive)).toEqual([]);
  });

  it('answers 124 once its cap has passed', () => {
    expect(
      runModule(`
      import { run } from './scripts/lib/run.mjs';
      console.log(await run('sleep', ['300'], { timeoutMs: 200, stdio: 'ignore' }));`),
    ).toBe('124');
  });

  it('still counts the tests it finished: both progress reporters write each result as it ends', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kb-progress-'));
    const jestFile = join(dir, 'jest.jsonl');
    const browserFile = join(dir, 'browser.jsonl');
    process.env.PROGRESS_FILE = jestFile;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const JestProgress = require('./lib/jest-progress-reporter.cjs') as new () => {
      onRunStart(): void;
      onTestResult(test: { path: string }, result: { numPassingTests: number; numFailingTests: number; testExecError?: unknown }): void;
    };
    const jest = new JestProgress();
    jest.onRunStart();
    jest.onTestResult({ path: 'a.int-spec.ts' }, { numPassingTests: 3, numFailingTests: 1 });
    jest.onTestResult({ path: 'b.int-spec.ts' }, { numPassingTests: 0, numFailingTests: 0, testExecError: new Error('boom') });
    delete process.env.PROGRESS_FILE;
    expect(
      readFileSync(jestFile, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([
      { file: 'a.int-spec.ts', passed: 3, failed: 1 },
      { file: 'b.int-spec.ts', passed: 0, failed: 1 },
    ]);

    runModule(`
      process.env.PROGRESS_FILE = ${JSON.stringify(browserFile)};
      const { default: Progress } = await import('./scripts/lib/playwright-progress-reporter.mjs');
      const reporter = new Progress();
      reporter.onBegin();
      const test = (id, outcome) => ({ id, titlePath: () => ['', id], outcome: () => outcome });
      reporter.onTestEnd(test('t1', 'expected'), { status: 'passed' });
      reporter.onTestEnd(test('t2', 'unexpected'), { status: 'timedOut' });`);
    expect(
      readFileSync(browserFile, 'utf8')
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { outcome: string }).outcome),
    ).toEqual(['expected', 'unexpected']);
  });
});
