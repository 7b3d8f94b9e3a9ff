import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { AppConfig } from '@kickback/platform';
import { KickHttpError } from './kick-app.client';
import { kickRequest } from './kick-request';

/** A channel reward as GET/POST /public/v1/channels/rewards answer it (docs/kick.md "Channel rewards"). */
const rewardSchema = z
  .object({
    id: z.string().min(1).max(100),
    title: z.string(),
    description: z.string().nullish(),
    cost: z.number().int(),
    is_enabled: z.boolean().optional(),
    is_paused: z.boolean().optional(),
    should_redemptions_skip_request_queue: z.boolean().optional(),
  })
  .passthrough();
export const kickRewardsAnswer = z.object({ data: z.array(rewardSchema) });
export const kickRewardCreatedAnswer = z.object({ data: rewardSchema });
/** accept/reject: the redemptions Kick changed, and the ones it did not with why (NOT_PENDING, NOT_FOUND, …). */
export const kickRedemptionsDecidedAnswer = z.object({
  data: z.array(z.object({ id: z.string() }).passthrough()).nullish(),
  failed: z.array(z.object({ id: z.string(), reason: z.string().nullish() }).passthrough()).nullish(),
});

export type KickReward = z.infer<typeof rewardSchema>;
/** Kick takes at most this many redemption ids per accept or reject. */
export const REDEMPTION_BATCH = 25;

/**
 * The channel's own settings on Kick, changed with the connected account's user token (Kick applies scopes to user
 * tokens only): lifting a chat ban (`moderation:ban`), the channel's rewards (`channel:rewards:read|write`) and
 * accepting or rejecting pending redemptions.
 */
@Injectable()
export class KickChannelAdminClient {
  constructor(private readonly config: AppConfig) {}

  /** DELETE /public/v1/moderation/bans: lifts a ban or a timeout; idempotent, so kickRequest's retries are safe. */
  async unban(token: string, broadcasterUserId: number, kickUserId: number): Promise<void> {
    const res = await this.request(token, 'DELETE', '/public/v1/moderation/bans', {
      body: { broadcaster_user_id: broadcasterUserId, user_id: kickUserId },
    });
    await res.body?.cancel().catch(() => undefined);
    if (!res.ok) throw new KickHttpError(res.status, 'DELETE /public/v1/moderation/bans');
  }

  async rewards(token: string): Promise<KickReward[]> {
    const res = await this.request(token, 'GET', '/public/v1/channels/rewards');
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new KickHttpError(res.status, 'GET /public/v1/channels/rewards');
    }
    return kickRewardsAnswer.parse(await res.json()).data;
  }

  /**
   * POST /public/v1/channels/rewards. Creating is not idempotent: a 5xx may have created it, so it is never retried
   * (the admin sees the error and the list, and tries again if it is not there).
   */
  async createReward(token: string, reward: { title: string; cost: number; description: string }): Promise<KickReward> {
    const res = await this.request(token, 'POST', '/public/v1/channels/rewards', {
      // Redemptions wait in the request queue, so the site accepts (or rejects, refunding the viewer) what it acted on.
      body: { ...reward, is_enabled: true, should_redemptions_skip_request_queue: false },
      retries: 0,
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new KickHttpError(res.status, 'POST /public/v1/channels/rewards');
    }
    return kickRewardCreatedAnswer.parse(await res.json()).data;
  }

  /**
   * POST /public/v1/channels/rewards/redemptions/accept|reject with up to 25 ids. Answers the ids Kick settled: those
   * it changed and those it refused for good (no longer pending, unknown, not this channel's). Deciding twice is
   * harmless (the second is NOT_PENDING), so retries are safe.
   */
  async decide(
    token: string,
    action: 'accept' | 'reject',
    ids: string[],
  ): Promise<{ done: string[]; failed: { id: string; reason: string }[] }> {
    if (ids.length < 1 || ids.length > REDEMPTION_BATCH) throw new Error(`1 to ${REDEMPTION_BATCH} redemption ids per call`);
    const path = `/public/v1/channels/rewards/redemptions/${action}`;
    const res = await this.request(token, 'POST', path, { body: { ids } });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new KickHttpError(res.status, `POST ${path}`);
    }
    const body = kickRedemptionsDecidedAnswer.parse(await res.json());
    return {
      done: (body.data ?? []).map((r) => r.id),
      failed: (body.failed ?? []).map((f) => ({ id: f.id, reason: f.reason ?? 'UNKNOWN' })),
    };
  }

  private request(token: string, method: string, path: string, options: { body?: unknown; retries?: number } = {}) {
    return kickRequest(new URL(path, this.config.env.KICK_API_URL), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(options.body ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body ? JSON.stringify(options.body) : undefined,
      ...(options.retries !== undefined ? { retries: options.retries } : {}),
    });
  }
}
