import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

/** A stand-in build: an api that keeps running and a worker that fails at boot as a taken port makes it fail. */
function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'kb-product-'));
  const write = (path: string, code: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), code);
  };
  write('dist/apps/api/src/main.js', `console.log('api up'); setInterval(() => {}, 1000);`);
  write(
    'dist/apps/worker/src/main.js',
    `console.error('booting'); console.error('WORKER_HEALTH_PORT 9464 is already in use by another program'); process.exit(1);`,
  );
  return root;
}

describe('the product processes npm start watches', () => {
  it('reports the worker stopping on its own, with its last output, and stops the api with it', () => {
    const root = fakeBuild();
    const code = `
      import { describeExit, startProduct } from './scripts/lib/processes.mjs';
      const product = startProduct(${JSON.stringify(root)}, {}, { quiet: true });
      product.onFirstExit(async (exit) => {
        await product.stop();
        console.log(JSON.stringify({ exit, text: describeExit(exit), apiEnded: product.api.exitCode !== null || product.api.signalCode !== null }));
      });`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout.trim().split('\n').pop()!);
    expect(report.exit).toMatchObject({ name: 'worker', code: 1, signal: null });
    expect(report.text).toBe(
      'The worker stopped (exit code 1). Its last output:\nbooting\nWORKER_HEALTH_PORT 9464 is already in use by another program',
    );
    expect(report.apiEnded).toBe(true);
  });
});
