import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser, Role } from '@kickback/contracts';
import { OutboxService, conflict } from '@kickback/platform';
import { User } from './user.entity';
import type { KickProfile } from './kick-profile';
import { IdentityRepository } from './identity.repository';

export function toCurrentUser(user: User): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    kick_username: user.kickUsername,
    email: user.email,
    role: user.role,
    avatar_url: user.avatarUrl,
  };
}

@Injectable()
export class UsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly repository: IdentityRepository,
  ) {}

  findById(id: number): Promise<User | null> {
    return this.em.fork().findOne(User, { id });
  }

  /** The member's current role and ban, read from the database (null: the account is gone). */
  access(id: number): Promise<{ role: Role; banned: boolean } | null> {
    return this.repository.access(this.em.fork(), id);
  }

  listDemoUsers(): Promise<User[]> {
    return this.em.fork().find(User, { isDemo: true }, { orderBy: { id: 'asc' }, limit: 20 });
  }

  /** Records a login: the outbox event is written in the same transaction as nothing else, on purpose — the consumer updates last seen. */
  async recordLogin(userId: number): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      await this.outbox.add(tx, 'user.logged-in', { userId, at: new Date().toISOString() });
    });
  }

  /** Applies a login event; idempotence comes from the caller's processed-events record. */
  async applyLogin(tx: EntityManager, userId: number, at: string): Promise<void> {
    await this.repository.applyLogin(tx, userId, at);
  }

  /** Finds the user behind a Kick account, creating one on first login. */
  async upsertFromKick(profile: KickProfile): Promise<User> {
    const em = this.em.fork();
    const kickId = String(profile.user_id);
    const existing = await em.findOne(User, { kickUserId: kickId });
    if (existing) {
      existing.kickUsername = profile.name;
      existing.avatarUrl = profile.profile_picture ?? existing.avatarUrl;
      existing.email = profile.email ?? existing.email;
      await em.flush();
      return existing;
    }
    const user = em.create(User, {
      username: await this.freeUsername(em, profile.name),
      name: profile.name,
      email: profile.email ?? null,
      kickUserId: kickId,
      kickUsername: profile.name,
      avatarUrl: profile.profile_picture ?? null,
    });
    await em.flush();
    return user;
  }

  /** Links a Kick account to a logged-in user; one Kick account belongs to one user. */
  async linkKick(userId: number, profile: KickProfile): Promise<User> {
    const em = this.em.fork();
    const kickId = String(profile.user_id);
    const owner = await em.findOne(User, { kickUserId: kickId });
    if (owner && owner.id !== userId) throw conflict('This Kick account is already linked to another user.');
    const user = await em.findOneOrFail(User, { id: userId });
    user.kickUserId = kickId;
    user.kickUsername = profile.name;
    user.avatarUrl = user.avatarUrl ?? profile.profile_picture ?? null;
    await em.flush();
    return user;
  }

  private async freeUsername(em: EntityManager, wanted: string): Promise<string> {
    const base = wanted.replace(/[^A-Za-z0-9_]/g, '').slice(0, 56) || 'viewer';
    for (let i = 0; i < 50; i++) {
      const candidate = i === 0 ? base : `${base}${i + 1}`;
      if (!(await this.repository.usernameTaken(em, candidate))) return candidate;
    }
    return `${base}${Date.now().toString(36)}`;
  }
}
