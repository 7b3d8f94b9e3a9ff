// The image check's containers: every one on the host network, with a read-only root filesystem, a tmpfs at /tmp
// (what the Kubernetes pods get as an emptyDir) and, for the long-running processes, the uploads volume.
import { podman, podmanCapture, podmanOut } from './podman.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class Containers {
  constructor(env, image, prefix) {
    this.env = env;
    this.image = image;
    this.prefix = prefix;
    this.started = new Set();
  }

  name(role) {
    return `${this.prefix}-${role}`;
  }

  runArgs(role, { vars = {}, envFile, volume, readOnly = true }) {
    // k8s-file: `podman logs` works without journald (CI machines have no systemd).
    const args = ['run', '--name', this.name(role), '--network', 'host', '--log-driver', 'k8s-file'];
    // --read-only-tmpfs=false: podman would otherwise add writable /tmp, /var/tmp and /run; only /tmp is given.
    if (readOnly) args.push('--read-only', '--read-only-tmpfs=false', '--tmpfs', '/tmp:rw,nosuid,nodev,size=64m');
    // The HEALTHCHECK is run on demand (healthcheck run); its timer would need systemd, which CI machines lack.
    args.push('--health-interval', 'disable');
    if (volume) args.push('--volume', `${volume}:/data/uploads`);
    if (envFile) args.push('--env-file', envFile);
    for (const [k, v] of Object.entries(vars)) args.push('--env', `${k}=${v}`);
    return args;
  }

  /** Runs a one-shot container to its end; resolves with its exit code and output. */
  async once(role, command, options = {}) {
    this.started.add(this.name(role));
    const { code, output } = await podmanCapture(this.env, [...this.runArgs(role, options), this.image, ...command]);
    await this.remove(role);
    return { code, logs: output };
  }

  /** Starts a long-running container (the image's CMD when no command is given). */
  async start(role, command, options = {}) {
    this.started.add(this.name(role));
    const code = await podman(this.env, ['run', '--detach', ...this.runArgs(role, options).slice(1), this.image, ...command], {
      quiet: true,
    });
    if (code !== 0) throw new Error(`podman run ${role} failed (${code})`);
  }

  state(role) {
    const out = podmanOut(this.env, ['inspect', this.name(role), '--format', '{{.State.Status}} {{.State.ExitCode}} {{.State.OOMKilled}}']);
    if (!out) return null;
    const [status, exitCode, oom] = out.split(' ');
    return { status, exitCode: Number(exitCode), oomKilled: oom === 'true' };
  }

  logs(role) {
    return podmanOut(this.env, ['logs', this.name(role)]) ?? '';
  }

  /** Polls `probe` until it returns true, failing as soon as the container has stopped (with its logs). */
  async waitFor(role, probe, what, boundMs = 120_000) {
    const deadline = Date.now() + boundMs;
    while (Date.now() < deadline) {
      if (await probe().catch(() => false)) return;
      const s = this.state(role);
      if (s?.status !== 'running')
        throw new Error(`${role} stopped (${s?.status}, exit ${s?.exitCode}) before ${what}:\n${this.logs(role)}`);
      await sleep(250);
    }
    throw new Error(`${role}: no ${what} after ${boundMs / 1000} s:\n${this.logs(role)}`);
  }

  /** podman stop: SIGTERM, then SIGKILL after the grace period (which shows as exit code 137). */
  async stop(roles, graceSeconds) {
    const code = await podman(this.env, ['stop', '--time', String(graceSeconds), ...roles.map((r) => this.name(r))], { quiet: true });
    if (code !== 0) throw new Error(`podman stop ${roles.join(' ')} failed (${code})`);
    return roles.map((r) => ({ role: r, ...this.state(r), logs: this.logs(r) }));
  }

  exec(role, command) {
    return podmanOut(this.env, ['exec', this.name(role), ...command]);
  }

  async remove(role) {
    await podman(this.env, ['rm', '--force', '--ignore', this.name(role)], { quiet: true });
    this.started.delete(this.name(role));
  }

  async removeAll() {
    for (const name of [...this.started]) await podman(this.env, ['rm', '--force', '--ignore', name], { quiet: true });
    this.started.clear();
  }
}
