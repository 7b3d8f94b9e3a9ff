import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LiveState } from '@kickback/contracts';
import { AppConfig, OutboxService } from '@kickback/platform';
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
import { KickRedemptionActionsRepository } from './kick-redemption-actions.repository';
import { RaffleEntryVoidsService } from '../raffles/raffle-entry-voids.service';
import { awardIntent, decideAward, oldEnough, type AwardIntent, type KickMessage } from './kick-award-intents';
import { chatCommand, chatCommandArgument, COMMANDS_WITH_ARGUMENT } from './chat-command';
import { KickOwnMessages } from './kick-own-messages';
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
  /** A chat command in the message: queued for the worker to answer, or too old to answer (docs/activity.md). */
  command?: 'queued' | 'stale';
  /** Raffles whose entries a ban voided: their rooms get the new counters after commit. */
  rafflesChanged?: number[];
}

const HOUR_MS = 3_600_000;
/** Award outcomes that mean the site granted a redemption (now, kept for a future member, or already). */
const GRANTED = new Set(['awarded', 'pending', 'duplicate']);

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
    private readonly own: KickOwnMessages,
    private readonly config: AppConfig,
    private readonly redemptionActions: KickRedemptionActionsRepository,
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
        // Our own replies come back as deliveries too: they neither earn nor count as chatters.
        if (await this.own.isOwn(chat.message_id, chat.content)) return { outcome: 'own-message' };
        return this.chatCommand(tx, await this.repository.context(tx, chat.sender.user_id), message, chat);
      }
      case 'channel.reward.redemption.updated':
        return this.redemption(tx, message);
      case 'moderation.banned':
        return this.banned(tx, message);
      default:
        return { outcome: 'ignored' };
    }
  }

  /**
   * A mapped reward's redemption. Accepted (by the streamer on Kick, or at once for a reward that skips the request
   * queue) earns its points; pending is the site's to decide: the points are granted (or kept for a chatter without an
   * account) and Kick is told to accept it, or the rules refuse it (excluded, too new) and Kick is told to reject it,
   * which refunds the viewer's channel points. The redemption id keeps pending → accepted to one grant; rejected
   * redemptions and unmapped rewards earn nothing here.
   */
  private async redemption(tx: EntityManager, message: KickMessage): Promise<Applied> {
    const { id, status, redeemer, reward } = rewardPayload.parse(message.payload);
    if (status !== 'accepted' && status !== 'pending') return { outcome: `reward-${status}`.slice(0, 32) };
    const points = await this.repository.rewardPoints(tx, reward.id);
    if (points === null) return { outcome: 'reward-unmapped' };
    const applied = await this.simple(tx, { source: 'reward', key: `reward:${id}`, kickUserId: redeemer.user_id, pointsFor: () => points });
    if (status === 'pending') {
      const action = GRANTED.has(applied.outcome) ? 'accept' : 'reject';
      if (await this.redemptionActions.queue(tx, id, action))
        await this.outbox.add(tx, 'activity.redemption-decided', { redemptionId: id, action });
    }
    return applied;
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
    // When the ban was made (a retry's signed timestamp may be its resend time), never later than the signed time.
    const created = metadata?.created_at ? Date.parse(metadata.created_at) : NaN;
    const at = Number.isNaN(created) || created > message.sentAt.getTime() ? message.sentAt : new Date(created);
    const { applied, userId } = await this.viewers.recordBan(tx, {
      kickUserId: banned_user.user_id,
      at,
      expiresAt,
      reason,
    });
    // Older than the moment an admin cleared this account's ban: Kick may have lifted it since (no unban event exists).
    if (!applied) return { outcome: 'ban-cleared', from: banned_user.username };
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

  /**
   * A chat message's award, and its command queued for the worker in the same transaction (the webhook's answer never
   * waits for chat), unless it was typed longer ago than KICK_COMMAND_MAX_AGE_SECONDS: then it is recorded as stale.
   */
  private async chatCommand(tx: EntityManager, context: AwardContext, message: KickMessage, chat: ChatMessagePayload): Promise<Applied> {
    const { rules } = context;
    const kickUserId = chat.sender.user_id;
    if (rules.broadcaster_user_id === kickUserId || context.excluded) return { outcome: 'excluded' };
    const applied = await this.chat(tx, context, message, chat);
    const name = rules.chat_commands_enabled ? chatCommand(chat.content, rules.join_keyword) : undefined;
    if (!name) return applied;
    const sentAt = chatSentAt(chat, message);
    if (Date.now() - sentAt.getTime() > this.config.env.KICK_COMMAND_MAX_AGE_SECONDS * 1000) return { ...applied, command: 'stale' };
    await this.outbox.add(tx, 'activity.chat-command', {
      kickUserId,
      username: chat.sender.username,
      command: name,
      ...(COMMANDS_WITH_ARGUMENT.has(name) ? { argument: chatCommandArgument(chat.content) } : {}),
      messageId: chat.message_id ?? null,
      sentAt: sentAt.toISOString(),
    });
    return { ...applied, command: 'queued' };
  }

  private async chat(tx: EntityManager, context: AwardContext, message: KickMessage, chat: ChatMessagePayload): Promise<Applied> {
    const { rules, live, member } = context;
    const kickUserId = chat.sender.user_id;
    // The stream the message was sent in, not the one live now: a delivery hours late still earns for its stream.
    const sentAt = chatSentAt(chat, message);
    const openSince = live.is_live && live.stream_id && live.started_at ? new Date(live.started_at).getTime() : null;
    const streamId = openSince !== null && sentAt.getTime() >= openSince ? live.stream_id : await this.streams.streamAt(tx, sentAt);
    if (!streamId) return { outcome: 'offline' };
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
      return { outcome: decision.refused };
    }
    if (!oldEnough(rules, member)) {
      await this.repository.setChatterMessage(tx, kickUserId, hash, null);
      return { outcome: 'too-new' };
    }
    await this.repository.setChatterMessage(tx, kickUserId, hash, now);
    const outcome = await this.awards.award(tx, {
      // Kick's id of the chat message, so the same message delivered under two subscriptions earns once.
      key: chat.message_id ? `chat:${chat.message_id}` : `kick:${message.id}`,
      source: 'chat',
      kickUserId,
      userId: member?.id ?? null,
      streamId,
      points: decision.points,
      xp: decision.xp,
    });
    return { outcome };
  }

  private async simple(tx: EntityManager, intent: AwardIntent): Promise<Applied> {
    const decided = decideAward(intent, await this.repository.context(tx, intent.kickUserId));
    return 'outcome' in decided ? decided : { outcome: await this.awards.award(tx, decided) };
  }
}

/** The signed timestamp is whole seconds: a created_at within the same second is not later than it. */
const SIGNED_PRECISION_MS = 1000;

/**
 * When a chat message was sent: its created_at, or the delivery's signed timestamp when that is missing, unreadable or
 * later (the signed time is never in our future, see KickWebhookService).
 */
function chatSentAt(chat: ChatMessagePayload, message: KickMessage): Date {
  const created = chat.created_at ? Date.parse(chat.created_at) : NaN;
  const latest = Math.min(message.sentAt.getTime() + SIGNED_PRECISION_MS, Date.now());
  return Number.isNaN(created) || created > latest ? message.sentAt : new Date(created);
}
