import { spawn } from 'node:child_process';

/** How many of a process's last output lines are kept to explain why it stopped. */
const TAIL_LINES = 15;

/** One product process whose output is passed through and whose last lines are kept. */
function startProcess(root, env, name, script, quiet) {
  const child = spawn(process.execPath, [script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = [];
  const pass = (stream, out, shown) =>
    stream.on('data', (chunk) => {
      if (shown) out.write(chunk);
      tail.push(
        ...chunk
          .toString()
          .split('\n')
          .filter((line) => line.trim() !== ''),
      );
      tail.splice(0, Math.max(0, tail.length - TAIL_LINES));
    });
  pass(child.stdout, process.stdout, !quiet);
  pass(child.stderr, process.stderr, true);
  return { name, child, lastLines: () => tail.join('\n') };
}

/**
 * Starts the api and worker from the build, sharing one environment. `onFirstExit` is told once, when either stops
 * by itself (a crash, a taken port), with its name, how it ended and its last output, so the caller can stop the
 * other and say why: a product with a dead worker looks fine but draws, redeems and awards nothing.
 */
export function startProduct(root, env, { quiet = false } = {}) {
  const procs = [
    startProcess(root, env, 'api', 'dist/apps/api/src/main.js', quiet),
    startProcess(root, env, 'worker', 'dist/apps/worker/src/main.js', quiet),
  ];
  let stopping = false;
  let exitListener = null;
  let firstExit = null;
  // 'close', not 'exit': it comes after the output is read to the end, so the last lines include the reason.
  for (const p of procs)
    p.child.once('close', (code, signal) => {
      if (stopping || firstExit) return;
      firstExit = { name: p.name, code, signal, lastLines: p.lastLines() };
      exitListener?.(firstExit);
    });
  const stop = () => {
    stopping = true;
    return Promise.all(
      procs.map(
        ({ child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', resolve);
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
          }),
      ),
    );
  };
  const onFirstExit = (listener) => {
    exitListener = listener;
    if (firstExit) listener(firstExit);
  };
  return { api: procs[0].child, worker: procs[1].child, stop, onFirstExit };
}

/** "The worker stopped (exit code 1)" with its last output, for a person reading the terminal. */
export function describeExit({ name, code, signal, lastLines }) {
  const how = signal ? `was stopped by ${signal}` : `stopped (exit code ${code})`;
  return `The ${name} ${how}.${lastLines ? ` Its last output:\n${lastLines}` : ''}`;
}

export async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
