import { spawn } from 'node:child_process';
import { stopProcessTree } from './process-tree.mjs';

/** Children of `run` still running, so a signal to the test command stops them (and all they started) too. */
const running = new Set();

/** Stops every command `run` started that is still running, with everything those commands started. */
export async function stopRunning() {
  await Promise.all([...running].map((child) => stopProcessTree(child.pid)));
}

/**
 * Runs a command with inherited output; resolves with its exit code (never throws on failure). Past `timeoutMs`
 * the command is stopped with every process below it (servers a test runner started included), and resolves 124.
 */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
    running.add(child);
    let stopping = null;
    const timer = options.timeoutMs
      ? setTimeout(() => {
          console.error(
            `\n${cmd} ${args.join(' ')} ran past ${Math.round(options.timeoutMs / 60000)} min; stopping it and all it started.`,
          );
          stopping = stopProcessTree(child.pid);
        }, options.timeoutMs)
      : null;
    child.on('exit', async (code, signal) => {
      running.delete(child);
      if (timer) clearTimeout(timer);
      // A stopped command resolves once the rest of its tree is gone too, so the next step starts on a quiet machine.
      if (stopping) return resolve(await stopping.then(() => 124));
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', (err) => {
      running.delete(child);
      console.error(`${cmd}: ${err.message}`);
      resolve(127);
    });
  });
}

export async function mustRun(cmd, args, options) {
  const code = await run(cmd, args, options);
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${code}`);
}
