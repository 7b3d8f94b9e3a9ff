import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  PROFILE_SECTION_FIELDS,
  sectionOf,
  type MemberSettings,
  type MemberSettingsUser,
  type ProfileSection,
  type ProfileUpdate,
} from '@kickback/contracts';
import { OutboxService, notFound, unprocessable } from '@kickback/platform';
import { IdentityRepository, type SettingsRow } from './identity.repository';

// Column names come from this fixed list only, never from the request.
const UPDATABLE_COLUMNS: ReadonlySet<string> = new Set(Object.values(PROFILE_SECTION_FIELDS).flat());

export const USER_GONE_MESSAGE = 'Your account no longer exists.';

function toSettings(row: SettingsRow): MemberSettings {
  return {
    bio: row.bio,
    crypto: row.crypto,
    crypto2: row.crypto2,
    crypto3: row.crypto3,
    twitter_user: row.twitter_user,
    instagram_user: row.instagram_user,
    youtube_user: row.youtube_user,
    tiktok_user: row.tiktok_user,
    kick_username: row.kick_username,
    // Linked through OAuth, or carrying a Kick username from before linking existed: either is what raffles need.
    kick_connected: row.kick_username !== null,
  };
}

function toSettingsUser(row: SettingsRow): MemberSettingsUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    role: row.role,
    avatar_url: row.avatar_url,
    ...toSettings(row),
  };
}

/** A member's own settings page: bio, casino usernames, social handles and the Kick link. */
@Injectable()
export class MemberSettingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly repository: IdentityRepository,
  ) {}

  async get(userId: number): Promise<MemberSettings> {
    const row = await this.repository.settings(this.em.fork(), userId);
    if (!row) throw notFound(USER_GONE_MESSAGE);
    return toSettings(row);
  }

  /** Writes the given fields of one section (the contract guarantees one) with its outbox event, atomically. */
  async update(userId: number, input: ProfileUpdate): Promise<{ section: ProfileSection; user: MemberSettingsUser }> {
    const entries = Object.entries(input).filter(([key, value]) => value !== undefined && UPDATABLE_COLUMNS.has(key));
    const sections = new Set(entries.map(([key]) => sectionOf(key)));
    const [section] = [...sections];
    if (entries.length === 0 || sections.size !== 1 || !section) {
      throw unprocessable('The given data was invalid.', { _: ['Send the fields of one settings section.'] });
    }
    return this.em.fork().transactional(async (tx) => {
      const row = await this.repository.updateSettings(tx, userId, entries);
      if (!row) throw notFound(USER_GONE_MESSAGE);
      await this.outbox.add(tx, 'user.settings-updated', {
        userId,
        section,
        fields: entries.map(([key]) => key),
        at: new Date().toISOString(),
      });
      return { section, user: toSettingsUser(row) };
    });
  }

  /**
   * Disconnects the Kick streaming account: the Kick username (what raffles and the community
   * see) is removed. The Kick user id stays as the account's login identity — Kick is the only
   * real way to log in, so dropping it would strand the member's points and entries on a new
   * account at their next login. Logging in with Kick again, or Connect, restores the username.
   * Disconnecting twice is not an error.
   */
  async disconnectKick(userId: number): Promise<MemberSettingsUser> {
    return this.em.fork().transactional(async (tx) => {
      const row = await this.repository.clearKickUsername(tx, userId);
      if (!row) throw notFound(USER_GONE_MESSAGE);
      await this.outbox.add(tx, 'user.settings-updated', {
        userId,
        section: 'kick',
        fields: ['kick_username'],
        at: new Date().toISOString(),
      });
      return toSettingsUser(row);
    });
  }
}
