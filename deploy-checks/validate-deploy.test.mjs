// Proves the validator can fail: each test breaks a copy of the artefacts in a temp dir
// and expects a non-zero exit naming the problem. Run: node --test deploy-checks/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..');
const validator = join(here, 'validate-deploy.mjs');

function copy() {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-checks-'));
  for (const f of ['docker-compose.yml', '.env.example', 'k8s']) cpSync(join(repo, f), join(dir, f), { recursive: true });
  return dir;
}

function edit(dir, file, from, to) {
  const p = join(dir, file);
  const text = readFileSync(p, 'utf8');
  assert.ok(text.includes(from), `fixture ${file} no longer contains ${JSON.stringify(from)}`);
  writeFileSync(p, text.replace(from, to));
}

function run(dir, env = {}) {
  const r = spawnSync(process.execPath, [validator, '--root', dir], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: r.status, out: r.stdout + r.stderr };
}

function withCopy(fn) {
  const dir = copy();
  try {
    fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the artefacts as committed pass', () => {
  withCopy((dir) => {
    const { code, out } = run(dir);
    assert.equal(code, 0, out);
    assert.match(out, /all deploy checks passed/);
  });
});

test('a Deployment field of the wrong type fails the schema check', () => {
  withCopy((dir) => {
    edit(dir, 'k8s/base/worker-deployment.yaml', 'replicas: 1', 'replicas: "one"');
    const { code, out } = run(dir);
    assert.equal(code, 1, out);
    assert.match(out, /FAIL k8s\/base: every object valid.*\n.*replicas must be integer/);
  });
});

test('the built-in renderer alone still catches the broken Deployment', () => {
  withCopy((dir) => {
    edit(dir, 'k8s/base/api-deployment.yaml', 'containerPort: 3000', 'containerPort: http');
    const { code, out } = run(dir, { DEPLOY_CHECKS_NO_KUBECTL: '1' });
    assert.equal(code, 1, out);
    assert.match(out, /rendering with the built-in kustomize subset/);
    assert.match(out, /containerPort must be integer/);
  });
});

test('a misspelt probe fails the house rules', () => {
  withCopy((dir) => {
    edit(dir, 'k8s/base/api-deployment.yaml', 'readinessProbe:', 'readinesProbe:');
    const { code, out } = run(dir);
    assert.equal(code, 1, out);
    assert.match(out, /kickback-api: has no readiness probe on \/readyz/);
  });
});

test('a kustomization pointing at a missing file fails to render', () => {
  withCopy((dir) => {
    rmSync(join(dir, 'k8s/base/api-pdb.yaml'));
    const { code, out } = run(dir);
    assert.equal(code, 1, out);
    assert.match(out, /FAIL k8s\/base: renders/);
  });
});

test('a KEDA trigger with a non-string metadata value fails', () => {
  withCopy((dir) => {
    edit(dir, 'k8s/overlays/keda/worker-scaledobject.yaml', 'listLength: "100"', 'listLength: 100');
    const { code, out } = run(dir);
    assert.equal(code, 1, out);
    assert.match(out, /metadata\.listLength must be a string/);
  });
});

test('a compose service with a wrong type fails', () => {
  withCopy((dir) => {
    edit(
      dir,
      'docker-compose.yml',
      'stop_grace_period: 30s\n    healthcheck:\n      test: ["CMD", "node", "-e", "fetch(\'http://127.0.0.1:3000',
      'stop_grace_period: [30]\n    healthcheck:\n      test: ["CMD", "node", "-e", "fetch(\'http://127.0.0.1:3000',
    );
    const { code, out } = run(dir);
    assert.equal(code, 1, out);
    assert.match(out, /FAIL docker-compose\.yml: compose-spec schema/);
  });
});

test('a compose dependency on an unknown service fails', () => {
  withCopy((dir) => {
    edit(
      dir,
      'docker-compose.yml',
      '      migrate:\n        condition: service_completed_successfully\n      postgres:',
      '      migrations:\n        condition: service_completed_successfully\n      postgres:',
    );
    const { code, out } = run(dir);
    assert.equal(code, 1, out);
    assert.match(out, /depends_on unknown service migrations/);
  });
});
