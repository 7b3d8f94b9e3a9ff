#!/usr/bin/env node
// `npm run bench [name…]`: compiles the TypeScript benchmarks with the server build and runs them.
// Without names it runs every bench/*.ts (and the bundle budget). Figures go in by hand, with the command that produced them:
// the latest to docs/performance.md, the sitting to docs/performance/history.md.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mustRun, run } from '../scripts/lib/run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wanted = process.argv.slice(2);
const all = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''));
const selected = wanted.length ? wanted : all;
const unknown = selected.filter((n) => n !== 'bundle-size' && !all.includes(n));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: bundle-size, ${all.join(', ')}`);
  process.exit(2);
}

await mustRun(
  'npx',
  [
    'swc',
    'apps',
    'libs',
    'bench',
    '-d',
    'dist',
    '--config-file',
    '.swcrc',
    '--quiet',
    '--ignore',
    '**/*.spec.ts',
    '--ignore',
    '**/*.int-spec.ts',
  ],
  { cwd: root },
);
let failed = 0;
if (!wanted.length || wanted.includes('bundle-size')) {
  await mustRun('npm', ['run', 'build:frontend', '--silent'], { cwd: root });
  failed += (await run(process.execPath, ['bench/bundle-size.mjs'], { cwd: root })) ? 1 : 0;
}
for (const name of selected.filter((n) => n !== 'bundle-size')) {
  console.log(`\n== ${name}`);
  failed += (await run(process.execPath, [join('dist', 'bench', `${name}.js`)], { cwd: root })) ? 1 : 0;
}
process.exit(failed ? 1 : 0);
