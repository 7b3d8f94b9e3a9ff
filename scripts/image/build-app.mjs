// Builds the project image from the Dockerfile with podman, FROM the base that build-base.mjs makes. The build's
// `npm install` steps reach the npm registry over the host's network.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BASE_IMAGE } from './build-base.mjs';
import { podman } from './podman.mjs';

/** The tag docker-compose.yml and the dev kustomize overlay name. */
export const APP_IMAGE = 'localhost/kickback:local';
const BUILD_CA = '/etc/kickback-build-ca.pem';

/**
 * The CA bundle this machine's npm trusts, when it names one (machines whose egress passes a TLS-inspecting
 * proxy). The build steps get it as a read-only mount and an npm global config: it never lands in a layer.
 */
function hostCaBundle() {
  const r = spawnSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8' });
  const cafile = r.status === 0 ? r.stdout.trim() : '';
  if (cafile && cafile !== 'null' && existsSync(cafile)) return cafile;
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  return extra && existsSync(extra) ? extra : null;
}

/**
 * The committed tree (`git archive HEAD`) as a build context: what CI's clean clone builds, without the work in
 * progress of a shared checkout.
 */
function committedContext(root, dir) {
  const context = join(dir, 'context');
  rmSync(context, { recursive: true, force: true });
  mkdirSync(context, { recursive: true });
  const archive = spawnSync('sh', ['-c', 'git -C "$1" archive HEAD | tar -x -C "$2"', 'sh', root, context], { stdio: 'inherit' });
  if (archive.status !== 0) throw new Error('git archive HEAD failed');
  return context;
}

/** Builds APP_IMAGE from the working tree (as `docker build .` does) or, with `committed`, from HEAD. */
export async function buildApp(root, env, { committed = false } = {}) {
  const dir = join(root, '.tmp', 'image');
  mkdirSync(dir, { recursive: true });
  const context = committed ? committedContext(root, dir) : root;
  const mounts = [];
  const ca = hostCaBundle();
  if (ca) {
    const npmrc = join(dir, 'build-npmrc');
    writeFileSync(npmrc, `cafile=${BUILD_CA}\n`);
    // npm's global config in a Node image whose prefix is /usr/local (the official one and ours).
    mounts.push('--volume', `${ca}:${BUILD_CA}:ro`, '--volume', `${npmrc}:/usr/local/etc/npmrc:ro`);
  }
  const args = [
    'build',
    '--network',
    'host',
    // docker format keeps HEALTHCHECK (OCI image configs have no field for it).
    '--format',
    'docker',
    '--layers',
    '--build-arg',
    `NODE_IMAGE=${BASE_IMAGE}`,
    ...mounts,
    '--tag',
    APP_IMAGE,
    context,
  ];
  const code = await podman(env, args);
  if (code !== 0) throw new Error(`podman build failed (${code})`);
}
