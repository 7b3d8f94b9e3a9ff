import { appendFileSync, writeFileSync } from 'node:fs';

/**
 * Writes one line per finished test to PROGRESS_FILE as the run goes, so a browser step stopped at its time cap
 * still tells `npm test` how many tests passed and failed before it stopped (Playwright's JSON report is written
 * only at the end of a run).
 */
export default class ProgressReporter {
  constructor() {
    this.file = process.env.PROGRESS_FILE;
  }

  onBegin() {
    if (this.file) writeFileSync(this.file, '');
  }

  onTestEnd(test, result) {
    if (!this.file) return;
    const line = { id: test.id, title: test.titlePath().join(' › '), status: result.status, outcome: test.outcome() };
    appendFileSync(this.file, `${JSON.stringify(line)}\n`);
  }

  printsToStdio() {
    return false;
  }
}
