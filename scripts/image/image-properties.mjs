// What the image is, checked without a database: its user, contents, size, HEALTHCHECK, and the Kubernetes probes
// that must match its ports. Each function returns a list of problems (empty when the property holds).
import { join } from 'node:path';
import { readDocs } from '../../deploy-checks/lib/yaml-docs.mjs';
import { podmanOut } from './podman.mjs';

/** Measured at 392 MB (the base 246 MB of it; docs/operations.md §1); about 15 % of room for ordinary growth. */
export const SIZE_BUDGET_MB = 450;

/** Build and test tools that must stay in the build stage. */
const TOOLS = ['gcc', 'cc', 'c++', 'g++', 'make', 'python3', 'python', 'git'];
const DEV_PACKAGES = [
  'jest',
  'ts-jest',
  'playwright',
  '@playwright/test',
  'playwright-core',
  'typescript',
  '@swc/core',
  '@swc/cli',
  'vite',
  'eslint',
];

export function inspectImage(env, image) {
  const out = podmanOut(env, ['image', 'inspect', image, '--format', 'json']);
  if (!out) throw new Error(`${image} is not present`);
  return JSON.parse(out)[0];
}

const envOf = (info) => Object.fromEntries((info.Config?.Env ?? []).map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]));

export function userProblems(info) {
  const user = info.Config?.User ?? '';
  const name = user.split(':')[0];
  return !name || name === 'root' || name === '0' ? [`the image runs as ${user || 'root (no USER)'}`] : [];
}

export function sizeProblems(info) {
  const mb = info.Size / 1e6;
  return mb > SIZE_BUDGET_MB ? [`${mb.toFixed(0)} MB is over the budget of ${SIZE_BUDGET_MB} MB`] : [];
}

export function healthcheckProblems(info) {
  const test = (info.Config?.Healthcheck ?? info.Healthcheck ?? {}).Test?.join(' ');
  const problems = [];
  if (!test) problems.push('no HEALTHCHECK (built without --format docker?)');
  else {
    if (!test.includes('/healthz')) problems.push(`HEALTHCHECK does not probe /healthz: ${test}`);
    if (!test.includes('HEALTHCHECK_PORT') || !test.includes('PORT')) problems.push(`HEALTHCHECK ignores HEALTHCHECK_PORT/PORT: ${test}`);
  }
  const env = envOf(info);
  const exposed = Object.keys(info.Config?.ExposedPorts ?? {}).map((p) => p.split('/')[0]);
  for (const key of ['PORT', 'WORKER_HEALTH_PORT'])
    if (!exposed.includes(env[key])) problems.push(`${key}=${env[key]} is not an exposed port (${exposed.join(', ')})`);
  return problems;
}

/** The api's probes must hit its PORT, the worker's its WORKER_HEALTH_PORT, on /healthz and /readyz. */
export function probeProblems(info, root) {
  const env = envOf(info);
  const problems = [];
  for (const [file, portVar] of [
    ['api-deployment.yaml', 'PORT'],
    ['worker-deployment.yaml', 'WORKER_HEALTH_PORT'],
  ]) {
    const deployment = readDocs(join(root, 'k8s', 'base', file)).find((d) => d.kind === 'Deployment');
    const container = deployment?.spec?.template?.spec?.containers?.[0];
    if (!container) {
      problems.push(`${file}: no container`);
      continue;
    }
    const ports = Object.fromEntries((container.ports ?? []).map((p) => [p.name, p.containerPort]));
    const paths = new Set();
    for (const kind of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
      const probe = container[kind]?.httpGet;
      if (!probe) {
        problems.push(`${file}: no ${kind}`);
        continue;
      }
      const port = typeof probe.port === 'string' ? ports[probe.port] : probe.port;
      if (String(port) !== env[portVar]) problems.push(`${file}: ${kind} on port ${port}, the image's ${portVar} is ${env[portVar]}`);
      paths.add(probe.path);
    }
    if (!paths.has('/healthz') || !paths.has('/readyz'))
      problems.push(`${file}: probes use ${[...paths].join(', ')}, not /healthz and /readyz`);
  }
  return problems;
}

/**
 * Inside a container from the image (writable root, so a permission failure is the user's, not the mount's):
 * its uid, no compilers or test tools, code the app cannot change, the uploads directory it can, sharp loading.
 */
export const CONTENTS_SCRIPT = `
echo "uid=$(id -u)"
for t in ${TOOLS.join(' ')}; do command -v "$t" >/dev/null 2>&1 && echo "tool=$t"; done
for p in ${DEV_PACKAGES.join(' ')}; do [ -e "node_modules/$p" ] && echo "package=$p"; done
touch dist/.probe 2>/dev/null && echo "code-writable=dist"
touch /data/uploads/.probe 2>/dev/null || echo "uploads-not-writable"
node -e "const s=require('sharp'); console.log('sharp=' + s.versions.sharp + ' libvips=' + s.versions.vips)" 2>&1 | sed 's/^/sharp-load: /'
`;

export function contentsProblems(output) {
  const lines = output.split('\n').map((l) => l.trim());
  const problems = [];
  const uid = lines.find((l) => l.startsWith('uid='))?.slice(4);
  if (uid === undefined || uid === '0') problems.push(`id -u in the container is ${uid ?? 'unknown'}`);
  for (const l of lines) {
    if (l.startsWith('tool=')) problems.push(`${l.slice(5)} is installed`);
    if (l.startsWith('package=')) problems.push(`node_modules/${l.slice(8)} is in the image`);
    if (l.startsWith('code-writable=')) problems.push('the app user can write its own code (dist/)');
    if (l === 'uploads-not-writable') problems.push('the app user cannot write /data/uploads');
  }
  if (!lines.some((l) => l.startsWith('sharp-load: sharp=')))
    problems.push(`sharp does not load: ${lines.filter((l) => l.startsWith('sharp-load:')).join(' ')}`);
  return problems;
}
