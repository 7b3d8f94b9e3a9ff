// The image check's property rules fail on an image that breaks them (the live run only ever sees a good one).
// Run: node --test deploy-checks/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SIZE_BUDGET_MB,
  contentsProblems,
  healthcheckProblems,
  probeProblems,
  sizeProblems,
  userProblems,
} from '../scripts/image/image-properties.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const healthcheck = [
  'CMD',
  'node',
  '-e',
  "fetch('http://127.0.0.1:'+(process.env.HEALTHCHECK_PORT||process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))",
];
const good = {
  Size: 390e6,
  Config: {
    User: 'node',
    Env: ['PORT=3000', 'WORKER_HEALTH_PORT=9464'],
    ExposedPorts: { '3000/tcp': {}, '9464/tcp': {} },
  },
  Healthcheck: { Test: healthcheck },
};
const goodContents = 'uid=1000\nsharp-load: sharp=0.35.5 libvips=8.17.3\n';

test('a well-formed image passes every rule', () => {
  assert.deepEqual(userProblems(good), []);
  assert.deepEqual(sizeProblems(good), []);
  assert.deepEqual(healthcheckProblems(good), []);
  assert.deepEqual(probeProblems(good, repo), []);
  assert.deepEqual(contentsProblems(goodContents), []);
});

test('root, by name, by uid or by default, fails', () => {
  for (const User of ['root', '0', '0:0', ''])
    assert.match(userProblems({ ...good, Config: { ...good.Config, User } }).join(), /runs as/, `USER ${JSON.stringify(User)}`);
  assert.match(contentsProblems(goodContents.replace('uid=1000', 'uid=0')).join(), /id -u in the container is 0/);
});

test('tools, dev packages, writable code, unwritable uploads and a broken sharp fail', () => {
  const bad = `uid=1000\ntool=gcc\ntool=python3\npackage=jest\ncode-writable=dist\nuploads-not-writable\nsharp-load: Error: Could not load the "sharp" module\n`;
  const problems = contentsProblems(bad).join('\n');
  for (const expected of [
    /gcc is installed/,
    /python3 is installed/,
    /node_modules\/jest/,
    /can write its own code/,
    /cannot write \/data\/uploads/,
    /sharp does not load/,
  ])
    assert.match(problems, expected);
});

test('an image over the budget fails', () => {
  assert.match(sizeProblems({ ...good, Size: (SIZE_BUDGET_MB + 1) * 1e6 }).join(), /over the budget/);
});

test('a missing or misdirected HEALTHCHECK, or an unexposed port, fails', () => {
  assert.match(healthcheckProblems({ ...good, Healthcheck: undefined }).join(), /no HEALTHCHECK/);
  const wrongPath = { ...good, Healthcheck: { Test: healthcheck.map((p) => p.replace('/healthz', '/metrics')) } };
  assert.match(healthcheckProblems(wrongPath).join(), /does not probe \/healthz/);
  const worker9999 = { ...good, Config: { ...good.Config, Env: ['PORT=3000', 'WORKER_HEALTH_PORT=9999'] } };
  assert.match(healthcheckProblems(worker9999).join(), /WORKER_HEALTH_PORT=9999 is not an exposed port/);
  assert.match(probeProblems(worker9999, repo).join(), /worker-deployment\.yaml: \w+ on port 9464, the image's WORKER_HEALTH_PORT is 9999/);
});
