import { readFileSync } from 'node:fs';
import type Redis from 'ioredis';

/**
 * CPU time a process used so far, in ms (Linux /proc; the kernel counts in ticks of 10 ms). Work per request is a
 * steadier figure than a rate when the bench's own clients share the cores: it does not move with how the
 * scheduler shares them.
 */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime
  return ticks * 10;
}

/** CPU time the Redis server used so far, in ms (INFO cpu, shared by every client of that server). */
export async function redisCpuMs(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
  return (field('used_cpu_sys') + field('used_cpu_user')) * 1000;
}
