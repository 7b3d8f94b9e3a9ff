/**
 * Who may do what, for every HTTP route and client→server socket event the api registers (SPEC §6 plus
 * the admin and staff routes). authorization-matrix.int-spec.ts calls each one as every actor and fails on
 * any route or event missing here. Add a row with every new route.
 */

export const ACTORS = ['anonymous', 'member', 'otherMember', 'banned', 'moderator', 'staff', 'Admin'] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * everyone: no login needed (a banned member is anonymous); members: any logged-in, unbanned account;
 * staff: staff and admins; live: moderators and admins (Go live's routes); panel: the admin panel's page, for
 * staff, moderators and admins; Admin: admins only.
 */
export type Audience = 'everyone' | 'members' | 'staff' | 'live' | 'panel' | 'Admin';

/**
 * Resources that belong to one member; the matrix seeds one of each, made by `member` (seedOwnedResources in
 * authorization-matrix.int-spec.ts). A new kind is a name here, a few lines there that create one through the API,
 * and its routes below with `owned`. friendRequest: pending, sent by `member` to `otherMember`; friendship: accepted,
 * between the same two (one row per pair, so the matrix makes each just before its routes: SEEDED_PER_ROUTE).
 */
export type OwnedResource = 'ticket' | 'ticketImage' | 'redemption' | 'huntPrediction' | 'friendRequest' | 'friendship';

export interface HttpRule {
  audience: Audience;
  /**
   * The route acts on one member's resource named in its path: the owner and `alsoSeenBy` succeed (2xx),
   * every other allowed caller gets 404, so ids reveal nothing. `body` is a valid request for the owner.
   */
  owned?: {
    resource: OwnedResource;
    alsoSeenBy: Actor[];
    body?: Record<string, string>;
    /** Who acts on it when that is not its maker `member` (a friend request is answered by its receiver). */
    owner?: Actor;
    /** Exact answers for parties who know of it but may not do this (a request's sender may not accept it: 403). */
    refused?: Partial<Record<Actor, number>>;
    /** A success uses it up (accepted, declined, removed): the matrix makes a fresh one before the next actor. */
    consumed?: true;
  };
  /** Answers other than 401/403 for callers outside the audience (full pages redirect or render a refusal). */
  deniedAs?: Partial<Record<Actor, number>>;
  /** The call ends the caller's session, so it runs on a session of its own. */
  endsSession?: true;
  /** A well-formed body, for routes that read the body before the login: the refusal must still be 401. */
  body?: Record<string, unknown>;
  /**
   * Routes that read no session and admit by their own credential (a Kick signature, an overlay token): every
   * actor, whatever their role, gets this exact answer to the matrix's call, which carries no such credential.
   */
  everyActorGets?: number;
}

const everyone: HttpRule = { audience: 'everyone' };
const members: HttpRule = { audience: 'members' };
const staff: HttpRule = { audience: 'staff' };
const live: HttpRule = { audience: 'live' };
const admin: HttpRule = { audience: 'Admin' };

export const HTTP_RULES: Record<string, HttpRule> = {
  // Pages, sign-in and operations.
  'GET /login': everyone,
  'POST /login/dev': everyone,
  'POST /logout': { audience: 'everyone', endsSession: true },
  'GET /auth/kick': everyone,
  'GET /auth/kick/callback': everyone,
  'GET /auth/kick/connect': admin,
  'GET /healthz': everyone,
  'GET /readyz': everyone,
  'GET /metrics': everyone,
  'GET /admin-new': { audience: 'panel', deniedAs: { anonymous: 302, banned: 302 } },
  'GET /admin-new/{*path}': { audience: 'panel', deniedAs: { anonymous: 302, banned: 302 } },
  'GET /{*path}': everyone,
  // OpenAPI documentation (API_DOCS; off in production).
  'GET /api/docs': everyone,
  'GET /api/docs/': everyone,
  'GET /api/docs/index.html': everyone,
  'GET /api/docs/LICENSE': everyone,
  'GET /api/docs/swagger-ui-init.js': everyone,
  'GET /api/docs/docs/swagger-ui-init.js': everyone,
  'GET /api/docs.json': everyone,
  'GET /api/docs-yaml': everyone,

  // Site (SPEC §7).
  'GET /api/r/session': everyone,
  'GET /api/r/settings': everyone,
  'GET /api/r/affiliates': everyone,
  'GET /api/r/stats/total-given-away': everyone,
  'GET /api/r/legal/:slug': everyone,
  'GET /api/r/captcha': everyone,
  'POST /api/r/contact': everyone,
  'GET /api/r/leaderboard': everyone,
  'GET /api/r/leaderboard/:slug/periods': everyone,
  'GET /api/r/leaderboard/:slug/periods/:id': everyone,
  'GET /api/r/races': everyone,
  'GET /api/r/races/:id': everyone,
  'GET /api/r/winners': everyone,
  'GET /api/r/payouts': everyone,
  'GET /api/r/payouts/mine': members,
  // A proof screenshot: public once paid where the streamer publishes proof, else the winner and admins (404 to others).
  'GET /api/r/payouts/:id/proof-image': everyone,
  'GET /api/r/user/:username': everyone,
  'GET /api/r/live': everyone,

  // Kick's signed event deliveries: no session or role counts, only the signature. The matrix sends no Kick
  // headers, so everyone gets the route's own 400 (malformed) before the signature check; a forged signature
  // gets 401 (libs/domain/src/activity/activity-webhooks.int-spec.ts).
  'POST /webhooks/kick': { audience: 'everyone', everyActorGets: 400 },
  // OBS overlays admit by their token alone (no session read): a wrong or missing token is 404 for every actor,
  // Admin included (overlays.int-spec.ts shows a valid token's page and data).
  'GET /overlay/:kind': { audience: 'everyone', everyActorGets: 404 },
  'GET /overlay/:kind/data': { audience: 'everyone', everyActorGets: 404 },

  // Members' own data.
  'GET /api/r/points/history': members,
  'GET /api/r/points/standing': members,
  'GET /api/r/profile/settings': members,
  'POST /api/r/profile/update': members,
  'POST /api/r/profile/disconnect-kick': members,
  'GET /api/r/account/export': members,
  'POST /api/r/account/export': members,
  'GET /api/r/account/export/:id/download': members,
  'POST /api/r/account/delete': members,

  // Friends (SPEC §4 Friendship): a pending request is answered by its receiver only (the sender is told 403, nobody
  // else learns it exists: 404); an accepted friendship may be removed by either friend.
  'GET /api/r/friends': members,
  'GET /api/r/friends/search': members,
  'GET /api/r/friends/mutual/:userId': members,
  'POST /api/r/friends/request': members,
  'POST /api/r/friends/:id/accept': {
    audience: 'members',
    owned: { resource: 'friendRequest', owner: 'otherMember', alsoSeenBy: [], refused: { member: 403 }, consumed: true },
  },
  'POST /api/r/friends/:id/decline': {
    audience: 'members',
    owned: { resource: 'friendRequest', owner: 'otherMember', alsoSeenBy: [], refused: { member: 403 }, consumed: true },
  },
  'DELETE /api/r/friends/:id': { audience: 'members', owned: { resource: 'friendship', alsoSeenBy: ['otherMember'], consumed: true } },

  // Store: the list is public, redeeming needs a member; redemptions are seen by their owner only (OWNED_VIEWS).
  'GET /api/r/store': everyone,
  'POST /api/r/store/:id/redeem': members,
  'GET /api/r/contests/current': everyone,
  'POST /api/r/contests/:id/stake': members,
  'GET /api/r/polls/current': everyone,
  'POST /api/r/polls/:id/vote': members,

  // Safer gambling: anyone answers the age question; a break is a member's own; the overview is Go live's; the rest admins'.
  'GET /api/r/safety': everyone,
  'POST /api/r/safety/age': everyone,
  'POST /api/r/safety/break': members,
  'GET /api/admin/safety/overview': live,
  'GET /api/admin/safety/settings': admin,
  'PUT /api/admin/safety/settings': admin,
  'GET /api/admin/safety/countries': admin,
  'POST /api/admin/safety/countries': admin,
  'PUT /api/admin/safety/countries/:id': admin,
  'DELETE /api/admin/safety/countries/:id': admin,
  'POST /api/admin/safety/breaks/end': admin,
  'GET /api/admin/safety/records.csv': admin,

  // Raffles.
  'GET /api/r/raffles': everyone,
  'GET /api/r/raffles/:id': everyone,
  'GET /api/r/raffles/:id/entries': everyone,
  'GET /api/r/raffles/:id/verify': everyone,
  'POST /api/r/raffles/:id/enter': { audience: 'members', body: { entry_type: 'passwordless' } },
  'POST /api/r/raffles/:id/claim': members,

  // Tournaments and bonus hunts: predictions are public reading, submitting needs a member.
  'GET /api/r/tournaments': everyone,
  'GET /api/r/tournaments/:id': everyone,
  'GET /api/r/tournaments/:id/predictions/:userId': everyone,
  'POST /api/r/tournaments/:id/predict': members,
  'GET /api/r/bonus-hunts/current': everyone,
  'GET /api/r/bonus-hunts/stats': everyone,
  'GET /api/r/bonus-hunts/history': everyone,
  'GET /api/r/bonus-hunts/:id/predictions': everyone,
  'GET /api/r/slots': everyone,
  'GET /api/r/slots/:id': everyone,
  'GET /api/r/slot-requests': everyone,
  'GET /api/r/slot-requests/mine': members,
  'POST /api/r/slot-requests': members,
  'GET /api/r/bonus-hunts/:huntId/predictions/search': everyone,
  'POST /api/r/bonus-hunts/:huntId/predict': {
    audience: 'members',
    body: { end_balance: 100, highest_multiplier: 10, highest_multiplier_game: 'Sweet Bonanza' },
  },

  // Tickets: a member's own; staff answer them from the admin queue.
  'GET /api/r/tickets': members,
  'GET /api/r/tickets/categories': members,
  'POST /api/r/tickets': members,
  'GET /api/r/tickets/:id': { audience: 'members', owned: { resource: 'ticket', alsoSeenBy: [] } },
  'POST /api/r/tickets/:id/reply': {
    audience: 'members',
    owned: { resource: 'ticket', alsoSeenBy: [], body: { message: 'Any news on this?' } },
  },
  'GET /api/r/tickets/images/:imageId': { audience: 'members', owned: { resource: 'ticketImage', alsoSeenBy: ['staff', 'Admin'] } },

  // Staff: the support queue.
  'GET /api/admin/tickets': staff,
  'GET /api/admin/tickets/:id': staff,
  'POST /api/admin/tickets/:id/reply': staff,
  'PATCH /api/admin/tickets/:id': staff,

  // Admins only; the `live` rows are the Go live screen's calls, which moderators may make too.
  'GET /api/admin/users': admin,
  'GET /api/admin/users/:id': admin,
  'PUT /api/admin/users/:id/role': admin,
  'POST /api/admin/users/:id/ban': admin,
  'POST /api/admin/users/:id/unban': admin,
  'GET /api/admin/users/:id/kick': admin,
  'POST /api/admin/users/:id/kick/clear-ban': admin,
  'POST /api/admin/users/:id/kick/follower': admin,
  'GET /api/admin/users/:id/points': admin,
  'POST /api/admin/users/:id/points': admin,
  'GET /api/admin/audit-log': admin,
  'GET /api/admin/settings': admin,
  'PUT /api/admin/settings': admin,
  'POST /api/admin/uploads': admin,
  'GET /api/admin/affiliates': admin,
  'POST /api/admin/affiliates': admin,
  'POST /api/admin/affiliates/reorder': admin,
  'PUT /api/admin/affiliates/:id': admin,
  'DELETE /api/admin/affiliates/:id': admin,
  'GET /api/admin/queues': admin,
  'GET /api/admin/queues/:name/failed': admin,
  'POST /api/admin/queues/:name/jobs/:id/retry': admin,
  'GET /api/admin/worker-status': live,
  'GET /api/admin/contact-messages': admin,
  'POST /api/admin/contact-messages/:id/status': admin,
  'GET /api/admin/payouts': admin,
  'GET /api/admin/payouts/export.csv': admin,
  'GET /api/admin/payouts/settings': admin,
  'PUT /api/admin/payouts/settings': admin,
  'POST /api/admin/payouts/bulk-approve': admin,
  'POST /api/admin/payouts/:id/status': admin,
  'POST /api/admin/payouts/:id/proof-image': admin,
  'GET /api/admin/payouts-overdue': live,
  'GET /api/admin/ticket-categories': admin,
  'POST /api/admin/ticket-categories': admin,
  'PUT /api/admin/ticket-categories/:id': admin,
  'DELETE /api/admin/ticket-categories/:id': admin,
  'GET /api/admin/store-items': admin,
  'POST /api/admin/store-items': admin,
  'PUT /api/admin/store-items/:id': admin,
  'DELETE /api/admin/store-items/:id': admin,
  'GET /api/admin/store-items/:id/codes': admin,
  'POST /api/admin/store-items/:id/codes': admin,
  'DELETE /api/admin/store-items/:id/codes/:codeId': admin,
  'GET /api/admin/store-redemptions': admin,
  'POST /api/admin/store-redemptions/:id/process': admin,
  'POST /api/admin/store-redemptions/:id/refund': admin,
  'GET /api/admin/raffles': live,
  'POST /api/admin/raffles': admin,
  'GET /api/admin/contests/current': live,
  'POST /api/admin/contests': live,
  'POST /api/admin/contests/:id/close': live,
  'POST /api/admin/contests/:id/resolve': live,
  'POST /api/admin/contests/:id/cancel': live,
  'GET /api/admin/contest-templates': live,
  'GET /api/admin/polls/current': live,
  'POST /api/admin/polls': live,
  'POST /api/admin/polls/:id/close': live,
  'POST /api/admin/polls/:id/cancel': live,
  'POST /api/admin/contest-templates': admin,
  'DELETE /api/admin/contest-templates/:id': admin,
  'GET /api/admin/raffle-templates': live,
  'POST /api/admin/raffle-templates': admin,
  'DELETE /api/admin/raffle-templates/:id': admin,
  'POST /api/admin/raffle-templates/:id/start': live,
  'GET /api/admin/raffles/:id': live,
  'PUT /api/admin/raffles/:id': admin,
  'POST /api/admin/raffles/:id/cancel': admin,
  'POST /api/admin/raffles/:id/draw': live,
  'POST /api/admin/raffles/:id/reroll': live,
  'POST /api/admin/raffles/:id/apply-rules': admin,
  'GET /api/admin/raffles/:id/entries': admin,
  'GET /api/admin/raffles/:id/entries.csv': admin,
  'GET /api/admin/leaderboard/platforms': live,
  'POST /api/admin/leaderboard/platforms': admin,
  'POST /api/admin/leaderboard/platforms/import-preview': admin,
  'GET /api/admin/points-imports': admin,
  'GET /api/admin/points-imports/:id': admin,
  'POST /api/admin/points-imports/dry-run': admin,
  'POST /api/admin/points-imports': admin,
  'POST /api/admin/points-imports/:id/rollback': admin,
  'GET /api/admin/leaderboard/platforms/:id': admin,
  'PUT /api/admin/leaderboard/platforms/:id': admin,
  'DELETE /api/admin/leaderboard/platforms/:id': admin,
  'POST /api/admin/leaderboard/platforms/:id/test': admin,
  'GET /api/admin/leaderboard/platforms/:id/fetches': admin,
  'POST /api/admin/leaderboard/platforms/:id/import': admin,
  'GET /api/admin/races': live,
  'POST /api/admin/races': admin,
  'GET /api/admin/races/:id': admin,
  'PUT /api/admin/races/:id': admin,
  'POST /api/admin/races/:id/cancel': admin,
  'POST /api/admin/races/:id/refresh': admin,
  'DELETE /api/admin/races/:id': admin,
  'GET /api/admin/bonus-hunts': live,
  'POST /api/admin/bonus-hunts': live,
  'GET /api/admin/bonus-hunts/:id': live,
  'PUT /api/admin/bonus-hunts/:id': admin,
  'POST /api/admin/bonus-hunts/:id/predictions': live,
  'POST /api/admin/bonus-hunts/:id/status': live,
  'POST /api/admin/bonus-hunts/:id/games': live,
  'POST /api/admin/bonus-hunts/:id/games/restore': live,
  'POST /api/admin/bonus-hunts/:id/games/reorder': admin,
  'PUT /api/admin/bonus-hunts/:id/games/:gameId': live,
  'DELETE /api/admin/bonus-hunts/:id/games/:gameId': live,
  'GET /api/admin/hunt-catalogue/slots': live,
  'POST /api/admin/hunt-catalogue/slots': admin,
  'GET /api/admin/hunt-catalogue/providers': live,
  'POST /api/admin/hunt-catalogue/providers': admin,
  'GET /api/admin/slots': admin,
  'POST /api/admin/slots': admin,
  'PUT /api/admin/slots/:id': admin,
  'POST /api/admin/slots/import/dry-run': admin,
  'POST /api/admin/slots/import': admin,
  'GET /api/admin/slot-requests': live,
  'GET /api/admin/slot-requests/settings': admin,
  'PUT /api/admin/slot-requests/settings': admin,
  'POST /api/admin/slot-requests/:id/played': live,
  'POST /api/admin/slot-requests/:id/skip': live,
  'POST /api/admin/slot-requests/clear': live,
  'GET /api/admin/tournaments': live,
  'POST /api/admin/tournaments': admin,
  'GET /api/admin/tournaments/:id': live,
  'PUT /api/admin/tournaments/:id': admin,
  'DELETE /api/admin/tournaments/:id': admin,
  'PUT /api/admin/tournaments/:id/matches/:matchId': live,
  'POST /api/admin/tournaments/:id/matches/:matchId/winner': live,
  'DELETE /api/admin/tournaments/:id/matches/:matchId/winner': live,
  'GET /api/admin/achievements': admin,
  'POST /api/admin/achievements': admin,
  'PUT /api/admin/achievements/:id': admin,
  'DELETE /api/admin/achievements/:id': admin,
  'GET /api/admin/badges': admin,
  'POST /api/admin/badges': admin,
  'PUT /api/admin/badges/:id': admin,
  'DELETE /api/admin/badges/:id': admin,
  'GET /api/admin/users/:id/xp': admin,
  'POST /api/admin/users/:id/badges/:badgeId': admin,
  'DELETE /api/admin/users/:id/badges/:badgeId': admin,
  'GET /api/admin/activity': admin,
  'GET /api/admin/activity/rules': admin,
  'GET /api/admin/activity/join-keyword': live,
  'PUT /api/admin/activity/rules': admin,
  'POST /api/admin/activity/resubscribe': admin,
  'GET /api/admin/activity/exclusions': admin,
  'POST /api/admin/activity/exclusions': admin,
  'DELETE /api/admin/activity/exclusions/:kickUserId': admin,
  'GET /api/admin/activity/rewards': admin,
  'POST /api/admin/activity/rewards': admin,
  'DELETE /api/admin/activity/rewards/:rewardId': admin,
  'GET /api/admin/activity/kick-rewards': admin,
  'POST /api/admin/activity/kick-rewards': admin,
  'GET /api/admin/kick-connection': admin,
  'PUT /api/admin/kick-connection/channel': admin,
  'PUT /api/admin/kick-connection/chat': admin,
  'DELETE /api/admin/kick-connection': admin,
  'GET /api/admin/featured': live,
  'PUT /api/admin/featured/raffle': live,
  // The read API admits by its token alone (no session counts): the matrix sends none, so every actor gets 401
  // (read-api.int-spec.ts shows tokens with and without the scope, revoked tokens and the rate limit).
  'GET /api/v1/leaderboard': { audience: 'everyone', everyActorGets: 401 },
  'GET /api/v1/raffles': { audience: 'everyone', everyActorGets: 401 },
  'GET /api/v1/winners': { audience: 'everyone', everyActorGets: 401 },
  'GET /api/v1/bonus-hunts/current': { audience: 'everyone', everyActorGets: 401 },
  'GET /api/v1/bonus-hunts/history': { audience: 'everyone', everyActorGets: 401 },
  'GET /api/v1/tournaments': { audience: 'everyone', everyActorGets: 401 },
  'GET /api/admin/read-api/tokens': admin,
  'POST /api/admin/read-api/tokens': admin,
  'DELETE /api/admin/read-api/tokens/:id': admin,
  'GET /api/admin/overlays': live,
  'POST /api/admin/overlays/:kind/token': admin,
  'DELETE /api/admin/overlays/:kind/token': admin,
  'GET /api/admin/announcements': admin,
  'POST /api/admin/announcements': admin,
  'PUT /api/admin/announcements/:id': admin,
  'DELETE /api/admin/announcements/:id': admin,
  'POST /api/admin/announcements/:id/test': admin,
  'POST /api/admin/announcements/:id/signing-secret': admin,
  'GET /api/admin/announcements/:id/deliveries': admin,
  'PUT /api/admin/featured/tournament': live,
  'PUT /api/admin/featured/leaderboard': live,
  'PUT /api/admin/featured/race': live,
  'GET /api/admin/overlays/:kind/url': admin,
  'PUT /api/admin/overlays/:kind/settings': admin,
  'POST /api/admin/archive': live,
  'GET /api/admin/archive': live,
  'POST /api/admin/archive/restore': live,
};

/**
 * Member resources that appear inside answers everyone may request: the owner finds theirs, nobody
 * else finds it (ids picked from the answer's data).
 */
type ViewData = { recent_redemptions?: { id: number }[]; user_prediction?: { id: number } | null } | null;

export const OWNED_VIEWS: { route: string; resource: OwnedResource; ids: (data: ViewData) => number[] }[] = [
  { route: 'GET /api/r/store', resource: 'redemption', ids: (d) => (d?.recent_redemptions ?? []).map((r) => r.id) },
  { route: 'GET /api/r/bonus-hunts/current', resource: 'huntPrediction', ids: (d) => (d?.user_prediction ? [d.user_prediction.id] : []) },
];

/** Client→server socket events: who gets an answer other than 401/403. */
export const SOCKET_RULES: Record<string, Audience> = {
  'room:join': 'everyone',
  'room:leave': 'everyone',
  'raffle:enter': 'members',
  'activity:heartbeat': 'members',
};
