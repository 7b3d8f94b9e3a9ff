import type { ChildProcess } from 'node:child_process';

/** SIGTERM and wait until the process has exited (at once when it already has, by itself or by a signal). */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
