import type { IncomingMessage, ServerResponse } from 'node:http';
import { body, json } from './fake-http';
import { ulid, type FakeUserToken } from './fake-kick-events';

/**
 * A channel reward as Kick answers it (KickDevDocs apis/channel-rewards.md points at the swagger; the fields are seen
 * in client code that tracks it: id (ULID), title ≤ 50, description ≤ 200, cost ≥ 1, is_enabled, is_paused,
 * is_user_input_required, should_redemptions_skip_request_queue, background_color).
 */
export interface FakeKickReward {
  id: string;
  title: string;
  description: string;
  cost: number;
  is_enabled: boolean;
  is_paused: boolean;
  is_user_input_required: boolean;
  should_redemptions_skip_request_queue: boolean;
  background_color: string;
}

export interface FakeKickRedemption {
  id: string;
  broadcaster_user_id: number;
  reward_id: string;
  redeemer_user_id: number;
  status: 'pending' | 'accepted' | 'rejected';
  redeemed_at: string;
}

/**
 * The channel's own settings on Kick, each with a user token holding its scope (Kick applies scopes to user tokens
 * only, docs/kick.md):
 * - DELETE /public/v1/moderation/bans `{ broadcaster_user_id, user_id }` (`moderation:ban`; KickDevDocs
 *   apis/moderation.md, body seen in client code) lifts a ban or timeout; only the broadcaster or a moderator of the
 *   channel may, others get 403. Kick has no ban list to read: `bans` is the fake's own state, set by `ban`.
 * - GET/POST /public/v1/channels/rewards (`channel:rewards:read` / `:write`) list and create the token owner's
 *   channel's rewards.
 * - POST /public/v1/channels/rewards/redemptions/accept|reject `{ ids }` (1 to 25 ULIDs, `channel:rewards:write`)
 *   answer `{ data: [redemptions changed], failed: [{ id, reason }] }` with reasons NOT_FOUND, NOT_OWNED, NOT_PENDING
 *   (seen in client code that tracks the swagger); more than 25 ids is a 400.
 */
export class FakeKickChannelSettings {
  /** Banned Kick user ids per broadcaster. */
  readonly bans = new Map<number, Set<number>>();
  /** Moderators per broadcaster (besides the broadcaster), who may unban there. */
  readonly moderators = new Map<number, Set<number>>();
  readonly rewards = new Map<number, FakeKickReward[]>();
  readonly redemptions: FakeKickRedemption[] = [];
  /** Every accept/reject call, in order: the action and the ids sent. */
  readonly decisions: { action: 'accept' | 'reject'; ids: string[] }[] = [];
  readonly unbanRequests: { broadcaster_user_id: unknown; user_id: unknown }[] = [];

  constructor(private readonly userToken: (token: string) => FakeUserToken | undefined) {}

  ban(broadcasterUserId: number, kickUserId: number): void {
    const set = this.bans.get(broadcasterUserId) ?? new Set<number>();
    set.add(kickUserId);
    this.bans.set(broadcasterUserId, set);
  }

  isBanned(broadcasterUserId: number, kickUserId: number): boolean {
    return this.bans.get(broadcasterUserId)?.has(kickUserId) ?? false;
  }

  addReward(broadcasterUserId: number, reward: Partial<FakeKickReward> & { title: string; cost: number }): FakeKickReward {
    const full: FakeKickReward = {
      id: ulid(),
      description: '',
      is_enabled: true,
      is_paused: false,
      is_user_input_required: false,
      should_redemptions_skip_request_queue: false,
      background_color: '#00e701',
      ...reward,
    };
    this.rewards.set(broadcasterUserId, [...(this.rewards.get(broadcasterUserId) ?? []), full]);
    return full;
  }

  /** A viewer redeems a reward: pending in the channel's request queue (unless the reward skips it). */
  redeem(broadcasterUserId: number, rewardId: string, redeemerUserId: number): FakeKickRedemption {
    const reward = this.rewards.get(broadcasterUserId)?.find((r) => r.id === rewardId);
    const redemption: FakeKickRedemption = {
      id: ulid(),
      broadcaster_user_id: broadcasterUserId,
      reward_id: rewardId,
      redeemer_user_id: redeemerUserId,
      status: reward?.should_redemptions_skip_request_queue ? 'accepted' : 'pending',
      redeemed_at: new Date().toISOString(),
    };
    this.redemptions.push(redemption);
    return redemption;
  }

  /** Handles these routes; false when the path is not one of them. */
  async route(req: IncomingMessage, url: URL, res: ServerResponse): Promise<boolean> {
    const path = url.pathname;
    const known =
      path === '/public/v1/moderation/bans' ||
      path === '/public/v1/channels/rewards' ||
      /^\/public\/v1\/channels\/rewards\/redemptions\/(accept|reject)$/.test(path);
    if (!known) return false;
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const user = this.userToken(token);
    const needs = (scope: string) => {
      if (user?.scopes.includes(scope)) return true;
      json(res, 401, { data: {}, message: 'Unauthorized' });
      return false;
    };
    if (path === '/public/v1/moderation/bans') {
      if (req.method !== 'DELETE') json(res, 405, { message: 'Method not allowed' });
      else if (needs('moderation:ban')) this.unban(user!, await body(req), res);
      return true;
    }
    if (path === '/public/v1/channels/rewards') {
      if (req.method === 'GET') {
        if (needs('channel:rewards:read')) json(res, 200, { data: this.rewards.get(user!.user_id) ?? [], message: 'OK' });
      } else if (req.method === 'POST') {
        if (needs('channel:rewards:write')) this.create(user!, await body(req), res);
      } else json(res, 405, { message: 'Method not allowed' });
      return true;
    }
    if (req.method !== 'POST') json(res, 405, { message: 'Method not allowed' });
    else if (needs('channel:rewards:write')) this.decide(user!, path.endsWith('accept') ? 'accept' : 'reject', await body(req), res);
    return true;
  }

  private unban(user: FakeUserToken, raw: string, res: ServerResponse): void {
    const input = parse(raw) as { broadcaster_user_id?: unknown; user_id?: unknown } | null;
    this.unbanRequests.push({ broadcaster_user_id: input?.broadcaster_user_id, user_id: input?.user_id });
    if (!input || typeof input.broadcaster_user_id !== 'number' || typeof input.user_id !== 'number')
      return json(res, 400, { data: {}, message: 'Invalid request' });
    const broadcaster = input.broadcaster_user_id;
    if (user.user_id !== broadcaster && !this.moderators.get(broadcaster)?.has(user.user_id))
      return json(res, 403, { data: {}, message: 'Forbidden' });
    this.bans.get(broadcaster)?.delete(input.user_id);
    json(res, 200, { data: {}, message: 'OK' });
  }

  private create(user: FakeUserToken, raw: string, res: ServerResponse): void {
    const input = parse(raw) as Partial<FakeKickReward> | null;
    if (
      !input ||
      typeof input.title !== 'string' ||
      input.title.length < 1 ||
      input.title.length > 50 ||
      typeof input.cost !== 'number' ||
      !Number.isInteger(input.cost) ||
      input.cost < 1 ||
      (input.description !== undefined && (typeof input.description !== 'string' || input.description.length > 200))
    )
      return json(res, 400, { data: {}, message: 'Invalid request' });
    const { title, cost, description, is_enabled, should_redemptions_skip_request_queue } = input;
    const reward = this.addReward(user.user_id, {
      title,
      cost,
      description: description ?? '',
      ...(typeof is_enabled === 'boolean' ? { is_enabled } : {}),
      ...(typeof should_redemptions_skip_request_queue === 'boolean' ? { should_redemptions_skip_request_queue } : {}),
    });
    json(res, 200, { data: reward, message: 'OK' });
  }

  private decide(user: FakeUserToken, action: 'accept' | 'reject', raw: string, res: ServerResponse): void {
    const input = parse(raw) as { ids?: unknown } | null;
    const ids = input?.ids;
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > 25 || !ids.every((id) => typeof id === 'string'))
      return json(res, 400, { data: {}, message: 'Invalid request' });
    this.decisions.push({ action, ids: [...(ids as string[])] });
    const data: object[] = [];
    const failed: { id: string; reason: string }[] = [];
    for (const id of ids as string[]) {
      const r = this.redemptions.find((x) => x.id === id);
      if (!r) failed.push({ id, reason: 'NOT_FOUND' });
      else if (r.broadcaster_user_id !== user.user_id) failed.push({ id, reason: 'NOT_OWNED' });
      else if (r.status !== 'pending') failed.push({ id, reason: 'NOT_PENDING' });
      else {
        r.status = action === 'accept' ? 'accepted' : 'rejected';
        data.push({ id: r.id, redeemed_at: r.redeemed_at, redeemer: { user_id: r.redeemer_user_id }, status: r.status });
      }
    }
    json(res, 200, { data, failed, message: 'OK' });
  }
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
