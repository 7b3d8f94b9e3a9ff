import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ALERTS_ROOM,
  achievementAlertText,
  achievementUnlockedNotification,
  levelAlertText,
  levelReachedNotification,
  userRoom,
  type DomainEvent,
  type DomainEventMap,
  type DomainEventType,
  type RaffleEntryAdded,
} from '@kickback/contracts';
import { DomainEventHandlers, RealtimeEmitter } from '@kickback/platform';
import { ProgressionService } from './progression.service';
import type { XpTotals } from './progression.repository';
import { XP_AWARDS, awardKeys, type XpAward } from './xp-awards';

type AwardsOf<T extends DomainEventType> = (payload: DomainEventMap[T]) => XpAward[];

/** Per entry, with the key the backfill uses too: an entry earns once however many events or runs name it. */
const raffleEntryAward = (entry: Pick<RaffleEntryAdded, 'userId' | 'entryId'>): XpAward => ({
  userId: entry.userId,
  source: 'raffle_entry',
  xp: XP_AWARDS.raffle_entry,
  key: awardKeys.raffleEntry(entry.entryId),
});

/**
 * The worker's XP sources: each event becomes awards with stable keys (xp-awards.ts), all applied in the handler's
 * one transaction (a raffle batch's entries or a hunt's scored members in a few statements, and several events of
 * one source together); after commit the members' ranks follow. Unlocks and level-ups are told to the member and the alerts room.
 */
@Injectable()
export class ProgressionEventsHandler implements OnModuleInit {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly realtime: RealtimeEmitter,
    private readonly progression: ProgressionService,
  ) {}

  onModuleInit(): void {
    this.source('user.logged-in', (p) => [
      { userId: p.userId, source: 'login', xp: XP_AWARDS.login, key: awardKeys.login(p.userId, p.at) },
    ]);
    this.source('raffle.entries-added', (p) => p.entries.map(raffleEntryAward));
    // Only rows stored before entries were batched (an outbox backlog during a rolling deploy); nothing writes it any more.
    this.source('raffle.entered', (p) => [raffleEntryAward(p)]);
    this.source('hunt.predicted', (p) => [
      { userId: p.userId, source: 'hunt_prediction', xp: XP_AWARDS.hunt_prediction, key: awardKeys.huntPrediction(p.huntId, p.userId) },
    ]);
    this.source('tournament.predicted', (p) => [
      {
        userId: p.userId,
        source: 'tournament_prediction',
        xp: XP_AWARDS.tournament_prediction,
        key: awardKeys.tournamentPrediction(p.tournamentId, p.userId),
      },
    ]);
    this.source('hunt.scored', (p) =>
      p.userIds.map((userId) => ({
        userId,
        source: 'hunt_scored' as const,
        xp: p.winnerUserIds.includes(userId) ? XP_AWARDS.hunt_won : XP_AWARDS.hunt_scored,
        key: awardKeys.huntScored(p.huntId, userId),
      })),
    );
    this.source('tournament.completed', (p) =>
      p.userIds.map((userId) => ({
        userId,
        source: 'tournament_scored' as const,
        xp: XP_AWARDS.tournament_scored,
        key: awardKeys.tournamentScored(p.tournamentId, userId),
      })),
    );
    this.source('redemption.created', (p) => [
      { userId: p.userId, source: 'redemption', xp: XP_AWARDS.redemption, key: awardKeys.redemption(p.redemptionId) },
    ]);
    this.source('ticket.created', (p) => [{ userId: p.userId, source: 'ticket', xp: XP_AWARDS.ticket, key: awardKeys.ticket(p.ticketId) }]);
    this.source('ticket.resolved', (p) => [
      { userId: p.userId, source: 'ticket_resolved', xp: XP_AWARDS.ticket_resolved, key: awardKeys.ticketResolved(p.ticketId) },
    ]);
    this.source('friendship.changed', (p) =>
      p.change !== 'accepted'
        ? []
        : [p.actorId, p.otherId].map((userId) => ({
            userId,
            source: 'friend' as const,
            xp: XP_AWARDS.friend,
            key: awardKeys.friend(p.actorId, p.otherId, userId),
          })),
    );
    this.source('activity.awarded', (p) => [{ userId: p.userId, source: 'activity', xp: p.xp, key: awardKeys.activity(p.key) }]);

    this.handlers.register({
      consumer: 'progression.announce-achievement',
      type: 'progression.achievement-unlocked',
      afterCommit: (event: DomainEvent<'progression.achievement-unlocked'>) =>
        this.announce(event.payload.userId, achievementUnlockedNotification(event.payload.name), 'achievement', (username) =>
          achievementAlertText(username, event.payload.name),
        ),
    });
    this.handlers.register({
      consumer: 'progression.announce-level',
      type: 'progression.level-reached',
      afterCommit: (event: DomainEvent<'progression.level-reached'>) =>
        this.announce(event.payload.userId, levelReachedNotification(event.payload.level), 'level-up', (username) =>
          levelAlertText(username, event.payload.level),
        ),
    });
  }

  /**
   * One consumer per XP source, applying any number of its events in one transaction (the relay hands a stream's
   * raffle.entries-added events several to a job); after commit the members' ranks take the totals the awards
   * returned, or, for a redelivered job whose awards an earlier run committed, the totals read back.
   */
  private source<T extends DomainEventType>(type: T, awardsOf: AwardsOf<T>): void {
    this.handlers.register({
      consumer: `progression.xp.${type}`,
      type,
      handleMany: (events: DomainEvent<T>[], tx: EntityManager) =>
        this.progression.awardAll(
          tx,
          events.flatMap((e) => awardsOf(e.payload)),
        ),
      afterCommit: async (events: DomainEvent<T>[], totals: XpTotals[] | undefined) => {
        if (totals) return this.progression.updateRanks(totals);
        await this.progression.refreshRanks([...new Set(events.flatMap((e) => awardsOf(e.payload).map((a) => a.userId)))]);
      },
    });
  }

  private async announce(userId: number, message: string, kind: 'achievement' | 'level-up', alert: (username: string) => string) {
    this.realtime.toRoom(userRoom(userId), 'user:notification', { type: 'success', message });
    const username = await this.progression.username(userId);
    if (username) this.realtime.toRoom(ALERTS_ROOM, 'alerts:item', { kind, username, text: alert(username), at: new Date().toISOString() });
  }
}
