import { spawn } from 'node:child_process';

/** Runs a command with inherited output; resolves with its exit code (never throws on failure). */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
    const timer = options.timeoutMs
      ? setTimeout(() => {
          console.error(`\n${cmd} ${args.join(' ')} ran past ${Math.round(options.timeoutMs / 60000)} min; stopping it.`);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }, options.timeoutMs)
      : null;
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', (err) => {
      console.error(`${cmd}: ${err.message}`);
      resolve(127);
    });
  });
}

export async function mustRun(cmd, args, options) {
  const code = await run(cmd, args, options);
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${code}`);
}
