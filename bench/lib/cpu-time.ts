import { readdirSync, readFileSync } from 'node:fs';
import type Redis from 'ioredis';

/**
 * CPU time a process used so far, in ms. Work per request is a steadier figure than a rate when the bench's own
 * clients share the cores: it does not move with how the scheduler shares them.
 *
 * Read from each thread's schedstat (nanoseconds of CPU) where the kernel has it: /proc/<pid>/stat counts in ticks of
 * 10 ms, which over a one-second burst of 5,000 entries is 2 µs per entry, as large as some of the figures compared.
 * Time of threads that ended is only in stat, so a window's delta is right for processes whose threads live on (Node's
 * main, GC and libuv threads, PostgreSQL backends, Redis).
 */
export function processCpuMs(pid: number): number {
  return threadsCpuMs(String(pid)) ?? statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** The sum of the process's threads' schedstat run times, in ms; null where schedstat is missing. */
function threadsCpuMs(pid: string): number | null {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`))
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    return Number.isFinite(ns) ? ns / 1e6 : null;
  } catch {
    return null;
  }
}

/** utime + stime of a /proc/<pid>/stat line, in ms. */
function statCpuMs(stat: string): number {
  // The command name may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time the Redis server used so far, in ms (INFO cpu, shared by every client of that server). */
export async function redisCpuMs(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
  return (field('used_cpu_sys') + field('used_cpu_user')) * 1000;
}

/** Every process's CPU time so far in ms, with its command name. */
function allProcessesCpuMs(): Map<number, { comm: string; ms: number }> {
  const out = new Map<number, { comm: string; ms: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      out.set(Number(name), { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ms: threadsCpuMs(name) ?? statCpuMs(stat) });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return out;
}

/**
 * Where the machine's CPU goes over a window: call it before, then call what it returns after, with the pids of the
 * processes to name. Processes not named are grouped by command name (postgres backends, redis-server, …).
 */
export function machineCpuWindow(): (named: Record<string, number[]>) => Record<string, number> {
  const before = allProcessesCpuMs();
  return (named) => {
    const after = allProcessesCpuMs();
    const roleOf = new Map<number, string>();
    for (const [role, pids] of Object.entries(named)) for (const pid of pids) roleOf.set(pid, role);
    const byRole: Record<string, number> = {};
    for (const [pid, { comm, ms }] of after) {
      const used = ms - (before.get(pid)?.ms ?? 0);
      if (used <= 0) continue;
      const role = roleOf.get(pid) ?? comm;
      byRole[role] = (byRole[role] ?? 0) + used;
    }
    return byRole;
  };
}
