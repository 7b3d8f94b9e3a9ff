import type { CurrentHuntData } from './bonus-hunts';
import type { LeaderboardData } from './leaderboard';
import type { RaceDetail } from './races';
import type { PollView } from '../poll-results';
import type { Raffle, RaffleParticipant } from './raffles';
import type { TournamentDetail } from './tournaments';
import type { OverlayLook, OverlaySettings } from './overlay-settings';
import type { SlotRequestEntry } from './slots';

/** OBS browser-source overlays, each served at /overlay/{kind}?token=… with its own token. */
export const OVERLAY_KINDS = ['hunt', 'raffle', 'tournament', 'leaderboard', 'alerts', 'race', 'poll', 'next-up'] as const;
export type OverlayKind = (typeof OVERLAY_KINDS)[number];

export const isOverlayKind = (value: unknown): value is OverlayKind =>
  typeof value === 'string' && (OVERLAY_KINDS as readonly string[]).includes(value);

/** Public room names an overlay socket of each kind may join (nothing else, and only with a valid token). */
export const OVERLAY_ROOM_PATTERNS: Record<OverlayKind, readonly RegExp[]> = {
  hunt: [/^hunt:\d+$/, /^hunts$/],
  raffle: [/^raffle:\d+$/],
  tournament: [/^tournament:\d+$/],
  // The leaderboard overlay shows the race on stream beside the board.
  leaderboard: [/^leaderboard$/, /^race:\d+$/],
  alerts: [/^alerts$/],
  race: [/^race:\d+$/],
  poll: [/^polls$/],
  'next-up': [/^slot-requests$/],
};

/**
 * GET /api/admin/overlays: one row per kind. The token is checked by its hash; a sealed copy lets admins see the
 * URL again (GET /api/admin/overlays/{kind}/url) without rotating it.
 */
export interface AdminOverlayToken {
  kind: OverlayKind;
  active: boolean;
  /** When the current token was issued (null if none ever was). */
  issued_at: string | null;
  revoked_at: string | null;
  /** Whether the active URL can be shown again (false for a URL issued before URLs were kept: rotate it once). */
  url_kept: boolean;
  settings: OverlaySettings;
}

/** POST /api/admin/overlays/{kind}/token: a new token (the previous one stops working at once); GET …/url: the current one. */
export interface IssuedOverlayToken {
  kind: OverlayKind;
  token: string;
  /** Absolute URL to paste into an OBS browser source. */
  url: string;
}

/** What an overlay starts from: injected into its page and answered by GET /overlay/{kind}/data?token=… */
export type OverlayData =
  | { kind: 'hunt'; hunt: CurrentHuntData }
  /** `join_command`: what viewers type in chat to enter ("!join"), null while chat commands are off. */
  | { kind: 'raffle'; raffle: Raffle | null; entries: RaffleParticipant[]; verify_url: string | null; join_command: string | null }
  | { kind: 'tournament'; tournament: TournamentDetail | null }
  /** `platform`: the slug of the board on stream (chosen on Go live, else the first one); null when there is none. */
  | { kind: 'leaderboard'; leaderboard: LeaderboardData | null; platform: string | null; race: RaceDetail | null }
  | { kind: 'alerts' }
  /** The race on stream (chosen on Go live, else the live race ending first, else the next to start); null when none. */
  | { kind: 'race'; race: RaceDetail | null }
  /** The poll on stream (the open one, else the newest); null before the first. */
  | { kind: 'poll'; poll: PollView | null }
  /** The slot-request queue's head (next up first, at most NEXT_UP_SHOWN) and its size. */
  | { kind: 'next-up'; next: SlotRequestEntry[]; total: number };

/** window.__APP__ of an overlay page: no user, no CSRF token, no settings; the token only opens the kind's rooms. */
export interface OverlayPageData {
  overlay: { kind: OverlayKind; token: string; data: OverlayData; look: OverlayLook };
}

/** Socket.IO handshake auth of an overlay page. */
export interface OverlaySocketAuth {
  overlay: OverlayKind;
  token: string;
}
