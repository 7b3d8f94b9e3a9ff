const { appendFileSync, writeFileSync } = require('node:fs');

/**
 * Writes one line per finished test file to PROGRESS_FILE as the run goes, so a jest step stopped at its time cap
 * still tells `npm test` how many tests passed and failed before it stopped (jest's --json report is written only
 * at the end of a run).
 */
class ProgressReporter {
  constructor() {
    this.file = process.env.PROGRESS_FILE;
  }

  onRunStart() {
    if (this.file) writeFileSync(this.file, '');
  }

  onTestResult(test, result) {
    if (!this.file) return;
    const failed = result.numFailingTests + (result.testExecError ? 1 : 0);
    appendFileSync(this.file, `${JSON.stringify({ file: test.path, passed: result.numPassingTests, failed })}\n`);
  }
}

module.exports = ProgressReporter;
