import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Role } from '@kickback/contracts';

@Entity({ tableName: 'users' })
export class User {
  [OptionalProps]?:
    | 'role'
    | 'bio'
    | 'loginCount'
    | 'isDemo'
    | 'createdAt'
    | 'updatedAt'
    | 'email'
    | 'kickUserId'
    | 'kickUsername'
    | 'avatarUrl'
    | 'lastSeenAt'
    | 'bannedAt'
    | 'banReason'
    | 'deletedAt';

  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 64 })
  username!: string;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'string', nullable: true })
  email: string | null = null;

  @Property({ type: 'string', length: 16 })
  role: Role = 'member';

  @Property({ type: 'bigint', nullable: true, unique: true })
  kickUserId: string | null = null;

  @Property({ type: 'string', nullable: true })
  kickUsername: string | null = null;

  @Property({ type: 'string', nullable: true })
  avatarUrl: string | null = null;

  @Property({ type: 'string', length: 500 })
  bio = '';

  @Property({ type: 'string', nullable: true })
  crypto: string | null = null;

  @Property({ type: 'string', nullable: true })
  crypto2: string | null = null;

  @Property({ type: 'string', nullable: true })
  crypto3: string | null = null;

  @Property({ type: 'string', nullable: true })
  twitterUser: string | null = null;

  @Property({ type: 'string', nullable: true })
  instagramUser: string | null = null;

  @Property({ type: 'string', nullable: true })
  youtubeUser: string | null = null;

  @Property({ type: 'string', nullable: true })
  tiktokUser: string | null = null;

  @Property({ type: 'string', nullable: true })
  website: string | null = null;

  @Property({ type: 'integer' })
  loginCount = 0;

  @Property({ type: 'boolean' })
  isDemo = false;

  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  @Property({ type: 'Date', nullable: true })
  lastSeenAt: Date | null = null;

  /** Set by an admin's ban (the reason and the admin beside it, written by the identity repository); login refuses a banned member. */
  @Property({ type: 'Date', nullable: true })
  bannedAt: Date | null = null;

  /** The admin's reason, shown to the member when login refuses them. */
  @Property({ type: 'string', length: 500, nullable: true })
  banReason: string | null = null;

  /** Set when the member deleted their account: the row stays, pseudonymised, so ledgers and draws stay whole. */
  @Property({ type: 'Date', nullable: true })
  deletedAt: Date | null = null;
}
