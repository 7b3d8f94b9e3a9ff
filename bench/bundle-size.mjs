#!/usr/bin/env node
// Initial JavaScript budgets: for the public home page (index.html) and for the OBS overlays (overlay.html),
// each the entry chunk plus every chunk it imports statically (transitively). Dynamic imports (route chunks)
// load later and are not counted.
// Reads the Vite manifest written by `npm run build -w frontend` (build.manifest = true).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGETS_KB = { 'index.html': 120, 'overlay.html': 30 };
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'frontend', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  console.error(`No Vite manifest at ${manifestPath}. Run \`npm run build -w frontend\` first.`);
  process.exit(2);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
let failed = false;
for (const [entry, budgetKb] of Object.entries(BUDGETS_KB)) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith(entry));
  if (!entryKey) {
    console.error(`The manifest has no ${entry} entry.`);
    process.exit(2);
  }

  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);

  let totalBytes = 0;
  const rows = [];
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    const gzipped = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    totalBytes += gzipped;
    rows.push([file, gzipped]);
  }

  rows.sort((a, b) => b[1] - a[1]);
  if (process.argv.includes('--verbose')) {
    for (const [file, bytes] of rows) console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  }

  const totalKb = totalBytes / 1024;
  console.log(`initial JS for ${entry}: ${totalKb.toFixed(1)} KB gzipped (budget ${budgetKb} KB)`);
  if (totalKb > budgetKb) {
    console.error(`${entry} is over budget by ${(totalKb - budgetKb).toFixed(1)} KB.`);
    failed = true;
  }
}
if (failed) process.exit(1);
