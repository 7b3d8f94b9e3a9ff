import type { WinnerSource } from './api/winners';
import type { LedgerEntry } from './api/economy';
import type { PayoutStatus } from './api/payouts';

/**
 * Domain events written to the outbox in the same transaction as the change that caused
 * them. Names are `feature.past-tense`. Payloads are plain JSON.
 */
export interface DomainEventMap {
  /** An admin created a hunt or changed its settings, status or prediction window. */
  'hunt.updated': { huntId: number; change: 'created' | 'settings' | 'predictions' | 'status' | 'games'; at: string };
  /** An admin entered a bet or win; the worker pushes the game and fresh statistics to hunt:{id}. */
  'hunt.game-updated': { huntId: number; gameId: number; at: string };
  /** A member made or changed a prediction; standings and counts are pushed to hunt:{id}. */
  'hunt.predicted': { huntId: number; userId: number; at: string };
  /** A hunt was completed; the worker scores its predictions and pays the prizes exactly once. */
  'hunt.completed': { huntId: number; finalBalance: string; at: string };
  /** An admin created or changed a tournament (settings, prediction window, slots). */
  'tournament.updated': { tournamentId: number; change: 'created' | 'settings' | 'predictions' | 'status' | 'match'; at: string };
  /** An admin set a match winner; the winner fills the next-round slot. */
  'tournament.match-decided': { tournamentId: number; matchIds: number[]; at: string };
  /** A member saved bracket picks. */
  'tournament.predicted': { tournamentId: number; userId: number; at: string };
  'user.logged-in': { userId: number; at: string };
  /** A member changed a settings section or disconnected Kick (fields lists what changed, never the values). */
  'user.settings-updated': { userId: number; section: 'profile' | 'connections' | 'social' | 'kick'; fields: string[]; at: string };
  'site.settings-updated': { at: string };
  'site.affiliates-updated': { at: string };
  /** A member started a break from gambling content; the worker schedules its end and re-ranks the boards without them. */
  'safety.break-started': { breakId: number; userId: number; endsAt: string | null; at: string };
  /** A break ended (its time came, or an admin ended an "until I ask" one); the member is told, the boards re-ranked. */
  'safety.break-ended': { breakId: number; userId: number; by: 'time' | 'admin'; at: string };
  /** An admin created, changed or removed a leaderboard platform; the worker re-syncs its refresh schedules. */
  'leaderboard.platforms-changed': { at: string; platformId: number };
  /** An admin created, edited, cancelled or deleted a race: the worker (re)schedules its jobs. */
  'race.changed': { raceId: number; at: string };
  /** A race ended and its winners were recorded (written once, by the transaction that finished it). */
  'race.finished': { raceId: number; at: string };
  /** The streamer played a requested slot on Go live (with its bet and win when recorded); the worker recomputes the slot's figures. */
  'slot-request.played': { requestId: number; slotId: number; at: string };
  /** Any change of a member's points balance; the worker pushes it to the member's sockets. */
  'points.changed': {
    userId: number;
    delta: number;
    balance: number;
    reason: string;
    at: string;
    /** The ledger row written (absent on events stored before it was added), so the history patches without a read. */
    entry?: LedgerEntry;
  };
  /**
   * A stream contest opened, closed or was settled (resolved, cancelled, refunded) (docs/contests.md). The worker
   * schedules the 24 h auto-refund from `closesAt` (its timer, or when it was closed by hand). Stakes write no event:
   * their pushes go from the api.
   */
  'contest.updated': {
    contestId: number;
    change: 'opened' | 'closed' | 'resolved' | 'cancelled' | 'refunded';
    closesAt: string | null;
    at: string;
  };
  /** A stream poll opened, closed or was cancelled (docs/polls.md). Votes write no event: their pushes go from the api. */
  'poll.updated': {
    pollId: number;
    change: 'opened' | 'closed' | 'cancelled';
    at: string;
  };
  /** A member redeemed a store item; the worker fulfils it (codes) or tells admins (manual). */
  'redemption.created': { redemptionId: number; userId: number; itemId: number };
  /** An admin processed or refunded a redemption; the member's list updates live. */
  'redemption.updated': { redemptionId: number; userId: number; itemId: number; status: 'processed' | 'refunded' };
  /** An admin changed an item's stock or availability; open store pages update the count. */
  'store.item-changed': { itemId: number };
  /**
   * Entries were added to a raffle by one statement: a group-committed batch of free entries, or one free, password
   * or points entry (more points tickets name the member's existing points entry again). One event per statement,
   * so a burst of entries costs the worker one job per batch.
   */
  'raffle.entries-added': { raffleId: number; entries: RaffleEntryAdded[] };
  /**
   * One entry per event, as written before entries were batched into `raffle.entries-added`. Nothing writes it any
   * more; progression still reads rows stored before that change.
   */
  'raffle.entered': { raffleId: number } & RaffleEntryAdded;
  /** A raffle was created or its schedule changed; the worker (re)schedules its start and draw jobs. */
  'raffle.scheduled': { raffleId: number; startsAt: string; endsAt: string };
  /** Winners were drawn (or one was rerolled). */
  'raffle.drawn': {
    raffleId: number;
    winnerUserIds: number[];
    reroll: boolean;
    /** Members who became winners with this event (all of them at the draw, the next person on a reroll or pass). */
    newWinnerUserIds: number[];
  };
  /** Someone sent the contact form; admins watching the panel are told at once. */
  'contact.message-received': { messageId: number };
  /** A member opened a support ticket; staff watching the panel are told. */
  'ticket.created': { ticketId: number; userId: number };
  /** Someone replied on a ticket; a staff reply notifies the member. */
  'ticket.replied': { ticketId: number; replyId: number; isAdmin: boolean };
  /**
   * Points (and XP) earned from stream activity: Kick chat, follows, subscriptions, gifts, kicks, channel rewards,
   * or watching on the site. `key` is the award's idempotency key (the Kick message id, or the watch interval).
   */
  'activity.awarded': { userId: number; source: ActivitySource; points: number; xp: number; key: string; at: string };
  /** A hunt's predictions were scored (every scoring run; consumers key on huntId and userId). */
  'hunt.scored': { huntId: number; userIds: number[]; winnerUserIds: number[]; at: string };
  /** A tournament's final was decided; userIds are the members who had picks in it. */
  'tournament.completed': { tournamentId: number; userIds: number[]; at: string };
  /** Staff moved a ticket to resolved (not on later edits while it stays resolved). */
  'ticket.resolved': { ticketId: number; userId: number };
  /**
   * A friendship changed (SPEC §4): a request was sent, accepted, declined, or a friendship removed. actorId did it;
   * otherId is the member who is told.
   */
  'friendship.changed': {
    friendshipId: number;
    change: 'requested' | 'accepted' | 'declined' | 'removed';
    actorId: number;
    otherId: number;
    at: string;
  };
  /** An admin changed the earning rules (the broadcaster among them); the worker re-syncs the Kick event subscriptions. */
  'activity.settings-updated': { at: string };
  /** The worker unlocked an achievement for a member (exactly once per member and achievement). */
  'progression.achievement-unlocked': { userId: number; achievementId: number; name: string; icon: string | null; at: string };
  /** A member's XP crossed into a new level (level = floor(xp / 1000) + 1). */
  'progression.level-reached': { userId: number; level: number; at: string };
  /**
   * A prize was paid and its winner entered in the winners ledger; replacesId is the row it replaced (a rerolled
   * raffle winner's), removed in the same transaction. The Recent Winners page updates live.
   */
  'winner.recorded': { source: WinnerSource; winnerId: number; replacesId?: number; at: string };
  /**
   * A chat command (`!points`, `!raffle`, `!join`, `!sr`) arrived fresh enough to answer; the worker answers it in chat,
   * threaded under `messageId` (Kick's chat message id) when Kick gave one. `sentAt` is when it was typed.
   */
  'activity.chat-command': {
    kickUserId: number;
    username: string;
    command: 'points' | 'raffle' | 'join' | 'sr';
    /** What followed the command's word (the slot `!sr` names); empty for the others. */
    argument?: string;
    messageId: string | null;
    sentAt: string;
  };
  /** The site acted on a pending channel-reward redemption; the worker tells Kick (accept, or reject to refund). */
  'activity.redemption-decided': { redemptionId: string; action: 'accept' | 'reject' };
  /** Kick said the stream went live and a new stream was opened (not a repeated status of the open one). */
  'activity.stream-started': { streamId: string; startedAt: string };
  /** Announcement deliveries were written (an event's fan-out to the hooks, or an admin's test); the worker sends them. */
  'announcement.queued': { deliveryIds: number[] };
  /** A member asked for their data; the worker builds the archive. */
  'account.export-requested': { exportId: number; userId: number };
  /**
   * A payout was opened or changed status (an admin's move, a cancelled reroll); the member's My prizes page updates
   * live and they are notified, and open admin queues read their page again.
   */
  'payout.changed': { payoutId: number; userId: number | null; status: PayoutStatus; created: boolean; at: string };
}

/** One entry of `raffle.entries-added`: what that statement added (for points, this purchase's tickets and points). */
export interface RaffleEntryAdded {
  userId: number;
  entryId: number;
  entryType: 'passwordless' | 'points' | 'password';
  tickets: number;
  pointsSpent: number;
}

/** Where activity points come from (the points ledger's reason names the same source). */
export type ActivitySource = 'chat' | 'follow' | 'subscription' | 'gifted-subs' | 'kicks' | 'reward' | 'watch';

export type DomainEventType = keyof DomainEventMap;

export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  /** The outbox row id; consumers use it to apply an event at most once. */
  id: string;
  type: T;
  payload: DomainEventMap[T];
  createdAt: string;
}

/** Several events of one type in one job of the domain-event-batches queue, in outbox order. */
export interface DomainEventBatch<T extends DomainEventType = DomainEventType> {
  type: T;
  events: DomainEvent<T>[];
}
