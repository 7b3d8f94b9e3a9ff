import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '@kickback/contracts';

let seq = 0;

export interface UserFactoryInput {
  role?: Role;
  kickUsername?: string | null;
  username?: string;
}

/** Inserts a demo-loginable user; usernames are unique per call so tests never collide. */
export async function createUser(em: EntityManager, input: UserFactoryInput = {}): Promise<{ id: number; username: string }> {
  seq += 1;
  const username = input.username ?? `user_${process.pid}_${seq}_${Math.random().toString(36).slice(2, 6)}`;
  const kick = input.kickUsername === undefined ? username.toLowerCase() : input.kickUsername;
  const rows = await em
    .fork()
    .execute<{ id: number }[]>(`insert into users (username, name, role, kick_username, is_demo) values (?, ?, ?, ?, true) returning id`, [
      username,
      username,
      input.role ?? 'member',
      kick,
    ]);
  return { id: rows[0].id, username };
}
