// podman as this project drives it: installed from Debian when missing, always with runc and a containers.conf of
// our own. crun, podman's default, fails on VMs that refuse setrlimit on RLIMIT_NOFILE/NPROC; runc with no default
// ulimits starts containers there.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Debian packages the image scripts run: podman (with runc) for images and containers, mmdebstrap for the base. */
const TOOLS = [
  { command: 'podman', pkg: 'podman' },
  { command: 'runc', pkg: 'runc' },
  { command: 'mmdebstrap', pkg: 'mmdebstrap' },
  { command: 'newuidmap', pkg: 'uidmap' },
];

const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** Installs the missing tools with apt-get (root on CI machines; sudo otherwise). */
export function ensureTools() {
  const missing = TOOLS.filter((t) => !onPath(t.command)).map((t) => t.pkg);
  if (!missing.length) return;
  console.log(`installing ${missing.join(', ')} with apt-get…`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...missing],
  ]) {
    const r = spawnSync(sudo[0] ?? args[0], [...sudo.slice(1), ...(sudo.length ? args : args.slice(1))], { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error(`${args.join(' ')} failed`);
  }
}

/** Writes the containers.conf every podman call here uses and returns the environment that selects it. */
export function podmanEnv(root) {
  const dir = join(root, '.tmp', 'image');
  mkdirSync(dir, { recursive: true });
  const conf = join(dir, 'containers.conf');
  writeFileSync(conf, ['[containers]', 'default_ulimits = []', '', '[engine]', 'runtime = "runc"', ''].join('\n'));
  return { ...process.env, CONTAINERS_CONF: conf };
}

/** Runs podman with inherited output; resolves with the exit code. */
export function podman(env, args, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn('podman', ['--runtime', 'runc', ...args], { env, stdio: quiet ? 'ignore' : 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/** Runs podman to its end; resolves with the exit code and everything it (and an attached container) printed. */
export function podmanCapture(env, args) {
  return new Promise((resolve) => {
    const child = spawn('podman', ['--runtime', 'runc', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
    child.on('error', (err) => resolve({ code: 127, output: err.message }));
  });
}

/** Runs podman and returns its trimmed stdout, or null when it failed. */
export function podmanOut(env, args) {
  const r = spawnSync('podman', ['--runtime', 'runc', ...args], { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return r.status === 0 ? r.stdout.trim() : null;
}
