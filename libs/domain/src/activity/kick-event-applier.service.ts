import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LiveState } from '@kickback/contracts';
import { OutboxService } from '@kickback/platform';
import { ActivityRepository, type AwardContext } from './activity.repository';
import { ActivityAwardsService } from './activity-awards.service';
import { ActivityStreamsRepository } from './activity-streams.repository';
import { chatAward, messageFingerprint } from './chat-rules';
import {
  chatMessagePayload,
  livestreamMetadataPayload,
  livestreamStatusPayload,
  moderationBannedPayload,
  rewardPayload,
  type ChatMessagePayload,
} from './kick-event-payloads';
import { KickViewersRepository } from './kick-viewers.repository';
import { RaffleEntryVoidsService } from '../raffles/raffle-entry-voids.service';
import { awardIntent, decideAward, oldEnough, type AwardIntent, type KickMessage } from './kick-award-intents';
import { chatCommand, type ChatCommandName } from './chat-command';
import { isStaleStatus, sameStart } from './live-status-order';

export interface Applied {
  /** What happened, kept with the message id: awarded, pending, offline, excluded, spam, interval, capped, … */
  outcome: string;
  /** Who the message came from, when the admin's delivery list should name them ("Anonymous" for a hidden gifter). */
  from?: string;
  /** The broadcaster a message for another channel named (logged, nothing applied). */
  broadcaster?: number;
  /** Set when the live state changed: pushed to every open page after commit. */
  live?: LiveState;
  /** The Kick time `live` is cached as of (LiveStateService.changed); the message's own time when absent. */
  liveAsOf?: Date;
  /** A chat command to answer after commit. */
  command?: { kickUserId: number; username: string; command: ChatCommandName };
  /** Raffles whose entries a ban voided: their rooms get the new counters after commit. */
  rafflesChanged?: number[];
}

const HOUR_MS = 3_600_000;

/** The earning rules: turns one verified Kick message into awards and live-state changes, inside the caller's transaction. */
@Injectable()
export class KickEventApplier {
  constructor(
    private readonly repository: ActivityRepository,
    private readonly awards: ActivityAwardsService,
    private readonly streams: ActivityStreamsRepository,
    private readonly outbox: OutboxService,
    private readonly viewers: KickViewersRepository,
    private readonly raffleVoids: RaffleEntryVoidsService,
  ) {}

  async apply(tx: EntityManager, message: KickMessage): Promise<Applied> {
    const intent = awardIntent(message);
    if (intent) return 'outcome' in intent ? intent : this.simple(tx, intent);
    switch (message.type) {
      case 'livestream.status.updated':
        return this.liveStatus(tx, message);
      case 'livestream.metadata.updated':
        return this.liveMetadata(tx, message);
      case 'chat.message.sent': {
        const chat = chatMessagePayload.parse(message.payload);
        return this.chat(tx, await this.repository.context(tx, chat.sender.user_id), message, chat);
      }
      case 'channel.reward.redemption.updated': {
        const { id, status, redeemer, reward } = rewardPayload.parse(message.payload);
        // Pending and rejected redemptions earn nothing; the redemption id keeps pending → accepted to one grant.
        if (status !== 'accepted') return { outcome: `reward-${status}`.slice(0, 32) };
        const points = await this.repository.rewardPoints(tx, reward.id);
        if (points === null) return { outcome: 'reward-unmapped' };
        return this.simple(tx, { source: 'reward', key: `reward:${id}`, kickUserId: redeemer.user_id, pointsFor: () => points });
      }
      case 'moderation.banned':
        return this.banned(tx, message);
      default:
        return { outcome: 'ignored' };
    }
  }

  /**
   * A ban or timeout in the channel's chat: nobody banned may enter a raffle while it lasts (the entry rules read it),
   * and a permanent ban also voids the member's entries in raffles not drawn yet, in the audit log.
   */
  private async banned(tx: EntityManager, message: KickMessage): Promise<Applied> {
    const { banned_user, metadata } = moderationBannedPayload.parse(message.payload);
    const expires = metadata?.expires_at ? Date.parse(metadata.expires_at) : NaN;
    const expiresAt = Number.isNaN(expires) ? null : new Date(expires);
    const reason = metadata?.reason?.slice(0, 300) ?? null;
    const userId = await this.viewers.recordBan(tx, { kickUserId: banned_user.user_id, at: message.sentAt, expiresAt, reason });
    if (!userId) return { outcome: 'banned-guest', from: banned_user.username };
    if (expiresAt) return { outcome: 'timed-out', from: banned_user.username };
    const rafflesChanged = await this.raffleVoids.voidForKickBan(tx, userId, { kickUserId: banned_user.user_id, reason });
    return { outcome: 'banned', from: banned_user.username, rafflesChanged };
  }

  private async liveStatus(tx: EntityManager, message: KickMessage): Promise<Applied> {
    const payload = livestreamStatusPayload.parse(message.payload);
    const current = await this.repository.live(tx, true);
    // Kick does not promise order: a status older than the state applied (by the stream's own times first) changes nothing.
    if (isStaleStatus(current, payload, message.sentAt)) return { outcome: 'out-of-order' };
    const asOf = new Date(Math.max(message.sentAt.getTime(), new Date(current.as_of).getTime()));
    const startedAt = payload.started_at ? new Date(payload.started_at) : message.sentAt;
    const title = payload.title?.trim() ? payload.title.trim().slice(0, 300) : undefined;
    if (payload.is_live) {
      // A start that is not the open stream's (its "ended" was lost) closes that one: a new stream gets a new id and caps.
      const same =
        current.is_live && current.stream_id && (!payload.started_at || !current.started_at || sameStart(current.started_at, startedAt));
      if (current.is_live && !same) await this.repository.closeStreams(tx, startedAt);
      const opened = same && current.stream_id ? null : await this.repository.openStream(tx, startedAt);
      const streamId = opened ?? current.stream_id!;
      // Announced once per stream: a repeated "live" of the open stream opens nothing.
      if (opened) await this.outbox.add(tx, 'activity.stream-started', { streamId: opened, startedAt: startedAt.toISOString() });
      await this.repository.setLive(tx, { isLive: true, startedAt, endedAt: null, streamId, asOf });
      // A new stream starts with the title its status names; the previous stream's category may no longer apply.
      if (opened) await this.repository.setStreamMetadata(tx, { title: title ?? null, category: null, asOf: message.sentAt });
      else if (title) await this.repository.setStreamMetadata(tx, { title, asOf: message.sentAt });
    } else {
      const endedAt = payload.ended_at ? new Date(payload.ended_at) : message.sentAt;
      await this.repository.closeStreams(tx, endedAt);
      await this.repository.setLive(tx, {
        isLive: false,
        startedAt: current.started_at ?? (payload.started_at ? startedAt : null),
        endedAt,
        streamId: null,
        asOf,
      });
    }
    return { outcome: payload.is_live ? 'live' : 'offline', live: await this.repository.liveState(tx), liveAsOf: asOf };
  }

  /** Title and category of the stream (livestream.metadata.updated); a metadata older than the one applied is dropped. */
  private async liveMetadata(tx: EntityManager, message: KickMessage): Promise<Applied> {
    const { metadata } = livestreamMetadataPayload.parse(message.payload);
    const current = await this.repository.live(tx, true);
    if (current.metadata_as_of && message.sentAt.getTime() < new Date(current.metadata_as_of).getTime()) return { outcome: 'out-of-order' };
    await this.repository.setStreamMetadata(tx, {
      title: metadata.title?.trim().slice(0, 300) || null,
      category: metadata.category?.name.trim().slice(0, 200) || null,
      asOf: message.sentAt,
    });
    // Pushed and cached as of the status applied (or this message, when newer): a title never dates the live state back.
    const liveAsOf = new Date(Math.max(message.sentAt.getTime(), new Date(current.as_of).getTime()));
    return { outcome: 'metadata', live: await this.repository.liveState(tx), liveAsOf };
  }

  private async chat(tx: EntityManager, context: AwardContext, message: KickMessage, chat: ChatMessagePayload): Promise<Applied> {
    const { rules, live, member } = context;
    const kickUserId = chat.sender.user_id;
    if (rules.broadcaster_user_id === kickUserId || context.excluded) return { outcome: 'excluded' };
    const name = rules.chat_commands_enabled ? chatCommand(chat.content, rules.join_keyword) : undefined;
    const command = name ? { kickUserId, username: chat.sender.username, command: name } : undefined;
    // The stream the message was sent in, not the one live now: a delivery hours late still earns for its stream.
    const sentAt = chatSentAt(chat, message);
    const openSince = live.is_live && live.stream_id && live.started_at ? new Date(live.started_at).getTime() : null;
    const streamId = openSince !== null && sentAt.getTime() >= openSince ? live.stream_id : await this.streams.streamAt(tx, sentAt);
    if (!streamId) return { outcome: 'offline', command };
    await this.repository.lockKickUser(tx, kickUserId);
    const before = await this.repository.touchChatter(tx, kickUserId, chat.sender.username);
    const hash = messageFingerprint(chat.content);
    const now = sentAt;
    const decision = chatAward(
      rules,
      {
        lastHash: before.last_message_hash,
        lastAwardAt: before.last_chat_award_at ? new Date(before.last_chat_award_at) : null,
        earnedThisHour: await this.repository.earnedSince(tx, { kickUserId }, 'chat', new Date(now.getTime() - HOUR_MS)),
        earnedThisStream: await this.repository.earnedInStream(tx, { kickUserId }, 'chat', streamId),
      },
      hash,
      now,
    );
    if ('refused' in decision) {
      await this.repository.setChatterMessage(tx, kickUserId, hash, null);
      return { outcome: decision.refused, command };
    }
    if (!oldEnough(rules, member)) {
      await this.repository.setChatterMessage(tx, kickUserId, hash, null);
      return { outcome: 'too-new', command };
    }
    await this.repository.setChatterMessage(tx, kickUserId, hash, now);
    const outcome = await this.awards.award(tx, {
      key: `kick:${message.id}`,
      source: 'chat',
      kickUserId,
      userId: member?.id ?? null,
      streamId,
      points: decision.points,
      xp: decision.xp,
    });
    return { outcome, command };
  }

  private async simple(tx: EntityManager, intent: AwardIntent): Promise<Applied> {
    const decided = decideAward(intent, await this.repository.context(tx, intent.kickUserId));
    return 'outcome' in decided ? decided : { outcome: await this.awards.award(tx, decided) };
  }
}

/**
 * When a chat message was sent: its created_at, or the delivery's signed timestamp when that is missing, unreadable or
 * later (the signed time is never in our future, see KickWebhookService).
 */
function chatSentAt(chat: ChatMessagePayload, message: KickMessage): Date {
  const created = chat.created_at ? Date.parse(chat.created_at) : NaN;
  return Number.isNaN(created) || created > message.sentAt.getTime() ? message.sentAt : new Date(created);
}
