import type { AccountExport } from './api/account-data';
import type { AnnouncementDelivery } from './api/announcements';
import type { RaffleDrawnPush, RaffleEnterAnswer, RaffleEntriesPush, RaffleSocketEnterRequest, RaffleStatusPush } from './api/raffles';
import type { HuntGamePush, HuntUpdatedPush } from './api/bonus-hunts';
import type { TournamentMatchPush, TournamentUpdatedPush } from './api/tournaments';
import type { WinnersNewPush } from './api/winners';
import type { RaceUpdatedPush } from './api/races';
import type { CommunityPurchase, RedemptionStatus, StoreRedemption } from './api/store';
import type { FriendsUpdatedPush } from './api/friends';
import type { LiveState, WatchHeartbeatAnswer } from './api/activity';
import type { LedgerEntry } from './api/economy';
import type { FeaturedChangedPush } from './api/featured';
import type { AdminChangedPush, AdminRaffleTotalsPush } from './api/admin-live';
import type { OverlaySettingsPush } from './api/overlay-settings';
import type { JoinCommandPush } from './api/activity';
import type { ContestPoolsPush, ContestView } from './api/contests';
import type { PollCountsPush, PollView } from './poll-results';
import type { PayoutChangedPush } from './api/payouts';
import type { SlotRequestsPush } from './api/slots';

/** Socket.IO contract: rooms and server→client events (`resource:action`). */
export const PUBLIC_ROOM_PATTERNS = [
  /^raffle:\d+$/,
  /^hunt:\d+$/,
  /^hunts$/,
  /^tournament:\d+$/,
  /^leaderboard$/,
  /^race:\d+$/,
  /^races$/,
  /^store$/,
  /^site$/,
  /^winners$/,
  /^alerts$/,
  /^contests$/,
  /^polls$/,
  /^slot-requests$/,
  /^payouts$/,
] as const;

/**
 * Room names, built here and only here: the api joins and pushes to them, the client asks for them,
 * so a renamed room can never leave one side listening to nothing.
 */
export const raffleRoom = (raffleId: number): string => `raffle:${raffleId}`;
export const huntRoom = (huntId: number): string => `hunt:${huntId}`;
export const tournamentRoom = (tournamentId: number): string => `tournament:${tournamentId}`;
export const raceRoom = (raceId: number): string => `race:${raceId}`;
export const userRoom = (userId: number): string => `user:${userId}`;
/** Every hunt's list-level changes: pages without a running hunt learn here that one started. */
export const HUNTS_ROOM = 'hunts';
export const LEADERBOARD_ROOM = 'leaderboard';
/** The races list page: any race's status or standings changed. */
export const RACES_ROOM = 'races';
export const STORE_ROOM = 'store';
export const SITE_ROOM = 'site';
/** The Recent Winners page's room: every raffle:drawn is pushed here too. */
export const WINNERS_ROOM = 'winners';
/** Stream alerts (redemptions, achievements, level-ups), for the alerts overlay and the site. */
export const ALERTS_ROOM = 'alerts';
/** Stream contests: the running contest's pools and status, for the site, Go live and the contest overlay. */
export const CONTESTS_ROOM = 'contests';
/** Stream polls: the poll on stream's counts and status, for the site, Go live and the poll overlay. */
export const POLLS_ROOM = 'polls';
/** The slot-request queue: the public queue page and the "next up" overlay (Go live hears the same push in the live room). */
export const SLOT_REQUESTS_ROOM = 'slot-requests';
/** The public Payouts page: told when prizes were paid, so it reads its page and month totals again. */
export const PAYOUTS_ROOM = 'payouts';
/** Admins only: the redemptions queue and contact messages, which the API refuses staff. */
export const ADMIN_ROOM = 'admin';
/**
 * Admins and moderators: what Go live follows (admin:changed of raffles, hunts and tournaments, the raffles' entry
 * totals), nothing of the members' data.
 */
export const LIVE_ROOM = 'live-admin';
/** Staff and admins: support ticket notices. */
export const STAFF_ROOM = 'staff';
/** Server-side only (never joinable by request): the admitted overlay sockets of a kind, disconnected when its token changes. */
export const overlayRoom = (kind: string): string => `overlay:${kind}`;

export interface ServerToClientEvents {
  /** Room 'contests': a contest's pools after stakes, at most once per push window (it carries every option: at most 10). */
  'contest:pools': (payload: ContestPoolsPush) => void;
  /** Room 'contests': a contest opened, closed or was settled; the whole view. */
  'contest:status': (payload: { contest: ContestView }) => void;
  /** Room 'polls': a poll's counts after votes, at most once per push window (every option: at most 10). */
  'poll:counts': (payload: PollCountsPush) => void;
  /** Room 'polls': a poll opened, closed or was cancelled; the whole view. */
  'poll:status': (payload: { poll: PollView }) => void;
  /** Room raffle:{id}: new or grown entries and the totals, at most 4 pushes a second per room. */
  'raffle:entries': (payload: RaffleEntriesPush) => void;
  /** Room raffle:{id}: the raffle changed (started, ended, edited, cancelled, rerolled). */
  'raffle:status': (payload: RaffleStatusPush) => void;
  /** Rooms raffle:{id} and 'winners': winners drawn (or one rerolled) and the seed revealed. */
  'raffle:drawn': (payload: RaffleDrawnPush) => void;
  'site:updated': (payload: { at: string }) => void;
  /** Room overlay:{kind}: the admin put another item on stream; the overlay loads it. */
  'overlay:featured': (payload: FeaturedChangedPush) => void;
  /** Room overlay:{kind}: the admin saved the overlay's settings (position, size, colours, fields, lines). */
  'overlay:settings': (payload: OverlaySettingsPush) => void;
  /** Room overlay:raffle: the admin changed the chat keyword or turned chat commands on or off ("How to enter"). */
  'overlay:join-command': (payload: JoinCommandPush) => void;
  /** The member's own room: a balance change and the ledger row it wrote (absent from pushes of events stored before). */
  'user:points': (payload: { balance: number; delta: number; reason: string; entry?: LedgerEntry }) => void;
  'user:notification': (payload: { type: 'success' | 'error' | 'warning' | 'info'; message: string }) => void;
  /** The member's own room: their data archive was built (or could not be); the settings page shows its link. */
  'user:account-export': (payload: AccountExport) => void;
  /** Room 'store': a community purchase and the item's new stock. */
  'store:purchase': (payload: { purchase: CommunityPurchase; item: { id: number; quantity: number | null } }) => void;
  /** Room 'store': stock changed without a purchase (refund, admin edit). */
  'store:stock': (payload: { item_id: number; quantity: number | null }) => void;
  /** The member's own redemption changed (Pending → Processed, refunded, code delivered). */
  'store:redemption-updated': (payload: StoreRedemption) => void;
  /** Admin room: an announcement delivery was attempted (delivered, retrying or failed); the hook's log updates in place. */
  'announcement:delivery': (payload: { hook_id: number; delivery: AnnouncementDelivery }) => void;
  /** Admin room: the redemptions queue changed. */
  'store:admin-redemption': (payload: { id: number; status: RedemptionStatus; item_name: string; username: string }) => void;
  /**
   * A board changed; clients refetch GET /api/r/leaderboard, which leaves out the boards hidden from them. The push
   * names no board: everyone in the room hears it, including viewers a board is hidden from.
   */
  'leaderboard:updated': (payload: { at: string }) => void;
  /** Rooms race:{id} and 'races': a race's standings, status or settings changed (at most 5 a second per race); pages refetch. */
  'race:updated': (payload: RaceUpdatedPush) => void;
  /** Room hunt:{id}: one game's bet or win changed, with the recomputed statistics and standings. */
  'hunt:game': (payload: HuntGamePush) => void;
  /** Rooms hunt:{id} and 'hunts': the hunt changed (created, predictions opened/closed, status, games, scored). */
  'hunt:updated': (payload: HuntUpdatedPush) => void;
  /** Room tournament:{id}: match winners were set; the changed matches (including the filled next-round slot). */
  'tournament:match': (payload: TournamentMatchPush) => void;
  /** Room tournament:{id}: the tournament, its counts or its standings changed. */
  'tournament:updated': (payload: TournamentUpdatedPush) => void;
  /** Room 'site': the streamer went live or offline (Kick's livestream.status.updated). */
  'site:live': (payload: LiveState) => void;
  /** Room 'alerts': a stream alert (a redemption, an unlocked achievement, a level-up), public names only. */
  'alerts:item': (payload: { kind: 'redemption' | 'achievement' | 'level-up'; username: string; text: string; at: string }) => void;
  /** Room user:{id}: the member's friends menu changed (a request arrived, was answered, or a friend left); carries the pending count. */
  'friends:updated': (payload: FriendsUpdatedPush) => void;
  /** Room 'winners': prizes of any source were paid or a win was replaced (raffle draws also send raffle:drawn there). */
  'winners:new': (payload: WinnersNewPush) => void;
  /** Admin room: a raffle, hunt or tournament was created or changed (the admin lists read their page again). */
  'admin:changed': (payload: AdminChangedPush) => void;
  /** The member's own room: one of their prizes was opened or changed status (My prizes patches its row). */
  'payout:changed': (payload: PayoutChangedPush) => void;
  /** Room 'payouts': these payouts were marked paid (at most one push per window); the public page reads its page again. */
  'payouts:paid': (payload: { ids: number[] }) => void;
  /** Admin room: a payout was opened or changed; open payout queues read their page again. */
  'payout:admin-changed': (payload: { id: number }) => void;
  /** Admin room: a raffle's entry counters, once per push window of its entries. */
  'admin:raffle-totals': (payload: AdminRaffleTotalsPush) => void;
  /** Rooms 'slot-requests' and the live room: the queue changed (a request, a merge, played, skipped, cleared), at most once per push window. */
  'slot-requests:changed': (payload: SlotRequestsPush) => void;
  'room:joined': (payload: { room: string }) => void;
  'room:error': (payload: { room: string; message: string }) => void;
}

/** The acknowledgement of room:join (also sent as room:joined or room:error): whether the socket is in the room now. */
export interface RoomJoinAnswer {
  room: string;
  joined: boolean;
  message?: string;
}

export interface ClientToServerEvents {
  'room:join': (room: string, ack?: (answer: RoomJoinAnswer) => void) => void;
  'room:leave': (room: string) => void;
  /** POST /api/r/raffles/{id}/enter over the page's open connection; the acknowledgement carries the answer. */
  'raffle:enter': (request: RaffleSocketEnterRequest, ack: (answer: RaffleEnterAnswer) => void) => void;
  /** A member's page with the Kick player: whether it is visible; watch points are earned from these beats. */
  'activity:heartbeat': (beat: { visible: boolean; player: boolean }, ack: (answer: WatchHeartbeatAnswer) => void) => void;
}

export function isPublicRoom(room: unknown): room is string {
  return typeof room === 'string' && room.length <= 64 && PUBLIC_ROOM_PATTERNS.some((p) => p.test(room));
}
