#!/usr/bin/env node
// Lints each *.fixture in this folder as if it lived at the path its first line names (`// as: <path>`),
// with the repository's real ESLint config, and prints { fixture: [rule ids] } as JSON. Run by
// scripts/lint-boundaries.spec.ts in a process of its own (jest cannot load ESLint's ESM config).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const eslint = new ESLint({ cwd: root });
const results = {};
for (const name of readdirSync(here).filter((n) => n.endsWith('.fixture'))) {
  const code = readFileSync(join(here, name), 'utf8');
  const as = /^\/\/ as: (\S+)/.exec(code)?.[1];
  if (!as) throw new Error(`${name} has no "// as:" line`);
  const [result] = await eslint.lintText(code, { filePath: join(root, as) });
  results[name] = result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}
process.stdout.write(JSON.stringify(results));
