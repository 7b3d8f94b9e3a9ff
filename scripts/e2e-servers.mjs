#!/usr/bin/env node
// Playwright's webServer: the run's product servers (scripts/e2e-server.mjs, one per port from E2E_PORT on), started
// side by side. Playwright starts the entries of a webServer list one after another, each waiting for the last to be
// ready; migrating and seeding a server takes most of a minute on a busy two-core host, so three in a row kept every
// test waiting two minutes or more. Prints ALL_SERVERS_READY (the config waits for that line) once each answers /readyz.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const first = Number(process.env.E2E_PORT ?? '3111');
const count = Math.max(1, Number(process.env.E2E_SERVERS ?? '3') || 1);
const ports = Array.from({ length: count }, (_, i) => first + i);

/** Whether the server answers its readiness check the way Playwright's own `url` check counts an answer (200–403). */
async function ready(port) {
  try {
    const res = await fetch(`http://localhost:${port}/readyz`);
    return res.status >= 200 && res.status < 404;
  } catch {
    return false;
  }
}

// As Playwright's own check did per server: a port something already answers on would pass for a ready server.
for (const port of ports) {
  if (await ready(port)) {
    console.error(`http://localhost:${port}/readyz is already used: make sure nothing is running on ports ${ports.join(', ')}.`);
    process.exit(1);
  }
}

// Each server is this script's child and watches it (scripts/e2e-server.mjs stops when its parent goes).
const servers = ports.map((port) =>
  spawn(process.execPath, [join(root, 'scripts/e2e-server.mjs')], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  }),
);

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    servers.map(
      (server) =>
        new Promise((resolve) => {
          if (server.exitCode !== null || server.signalCode !== null) return resolve();
          server.once('exit', resolve);
          server.kill('SIGTERM');
        }),
    ),
  );
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
// A server that stops by itself ends the run's servers: Playwright then reports that its webServer exited.
servers.forEach((server, i) =>
  server.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`e2e server on port ${ports[i]} stopped (${signal ?? `exit code ${code}`}); stopping the others.`);
    void stop(code || 1);
  }),
);
// Playwright killed without its clean-up: stop the servers rather than leave them orphaned.
const parentAtStart = process.ppid;
setInterval(() => {
  if (process.ppid !== parentAtStart) void stop(0);
}, 1000).unref();

const waiting = new Set(ports);
while (waiting.size > 0 && !stopping) {
  for (const port of [...waiting]) if (await ready(port)) waiting.delete(port);
  if (waiting.size > 0) await new Promise((r) => setTimeout(r, 250));
}
if (!stopping) console.log(`ALL_SERVERS_READY ${ports.join(',')}`);
