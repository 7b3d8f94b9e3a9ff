#!/usr/bin/env node
// Validates the shipping artefacts without an engine or a cluster:
//   1. docker-compose.yml: `docker-compose config -q` (if installed) + compose-spec schema
//   2. every kustomization under k8s/: render, then validate each object against the
//      Kubernetes schemas (kubernetes-models), KEDA structurally, plus house rules.
// Exit code 1 on any problem. Usage: node deploy-checks/validate-deploy.mjs [--root DIR]
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkWithDockerCompose, checkWithSchema, findDockerCompose } from './lib/compose.mjs';
import { findKubectl, render } from './lib/kustomize.mjs';
import { validateSchema } from './lib/k8s-schema.mjs';
import { checkPolicy } from './lib/k8s-policy.mjs';
import { objectId } from './lib/yaml-docs.mjs';

const args = process.argv.slice(2);
const rootArg = args.indexOf('--root');
const root = resolve(rootArg >= 0 ? args[rootArg + 1] : join(dirname(fileURLToPath(import.meta.url)), '..'));

let failures = 0;
const report = (label, problems) => {
  console.log(`${problems.length ? 'FAIL' : 'ok  '} ${label}`);
  for (const p of problems) console.log(`       - ${p}`);
  failures += problems.length ? 1 : 0;
};

// ---- compose ----
const composeFile = join(root, 'docker-compose.yml');
if (!existsSync(composeFile)) {
  report('docker-compose.yml exists', ['missing']);
} else {
  const version = findDockerCompose();
  if (version) report(`docker-compose.yml: docker-compose ${version} config -q`, checkWithDockerCompose(composeFile));
  else console.log('note docker-compose not installed (deploy-checks/install-tools.sh installs it); schema check only');
  report('docker-compose.yml: compose-spec schema + references', checkWithSchema(composeFile));
}

// ---- kustomize ----
const k8s = join(root, 'k8s');
const dirs = [];
const walk = (d) => {
  if (existsSync(join(d, 'kustomization.yaml'))) dirs.push(d);
  for (const e of readdirSync(d, { withFileTypes: true })) if (e.isDirectory()) walk(join(d, e.name));
};
if (existsSync(k8s)) walk(k8s);
if (!dirs.length) report('k8s kustomizations found', ['none under k8s/']);

const kubectl = findKubectl();
console.log(
  kubectl?.usable
    ? `note rendering with kubectl ${kubectl.client} (kustomize ${kubectl.kustomize}), cross-checked with the built-in renderer`
    : `note ${kubectl ? `kubectl ${kubectl.client} bundles kustomize < v4` : 'no kubectl'}; rendering with the built-in kustomize subset`,
);

for (const dir of dirs) {
  const name = relative(root, dir);
  const isBase = name.endsWith('base');
  const { objects, problems } = render(dir, kubectl);
  report(`${name}: renders (${objects.length} objects)`, problems);
  if (!objects.length) continue;
  const schemaProblems = objects.flatMap((o) => validateSchema(o).map((p) => `${objectId(o)}: ${p}`));
  report(`${name}: every object valid against its schema`, schemaProblems);
  const unnamespaced = isBase ? [] : objects.filter((o) => o.kind !== 'Namespace' && !o.metadata?.namespace).map(objectId);
  report(`${name}: house rules (probes, limits, hardening, references)`, [
    ...checkPolicy(objects, { requireImageTags: !isBase }),
    ...unnamespaced.map((id) => `${id}: no namespace`),
  ]);
}

console.log(failures ? `\n${failures} check(s) failed` : '\nall deploy checks passed');
process.exit(failures ? 1 : 0);
