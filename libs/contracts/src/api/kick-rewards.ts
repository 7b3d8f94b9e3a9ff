import { z } from 'zod';

/** One of the channel's rewards as Kick lists it, with the points the site grants for it (null: not mapped). */
export interface KickChannelReward {
  id: string;
  title: string;
  description: string;
  cost: number;
  enabled: boolean;
  paused: boolean;
  /** Kick accepts its redemptions at once, so the site never gets to accept or reject them. */
  skips_queue: boolean;
  points: number | null;
}

/** GET /api/admin/activity/kick-rewards: the channel's rewards from Kick, or why they cannot be read now. */
export interface KickRewardsView {
  available: boolean;
  reason: string | null;
  rewards: KickChannelReward[];
  /** Redemptions the site acted on that Kick has not been told of yet (accept or reject waiting for the connection). */
  waiting_decisions: number;
}

/** POST /api/admin/activity/kick-rewards: a new reward on Kick (Kick's limits: title ≤ 50, description ≤ 200, cost ≥ 1) and its points here. */
export const createKickRewardSchema = z
  .object({
    title: z
      .string({ required_error: 'The title field is required.' })
      .trim()
      .min(1, 'The title field is required.')
      .max(50, 'Kick allows at most 50 characters in a reward title.'),
    description: z.string().trim().max(200, 'Kick allows at most 200 characters in a reward description.').default(''),
    cost: z
      .number({ required_error: 'The cost field is required.', invalid_type_error: 'The cost must be a number.' })
      .int('The cost must be a whole number of channel points.')
      .min(1, 'The cost must be at least 1 channel point.')
      .max(10_000_000, 'The cost may not be more than 10,000,000 channel points.'),
    points: z
      .number({ required_error: 'The points field is required.', invalid_type_error: 'The points must be a number.' })
      .int('The points must be a whole number.')
      .min(1, 'The reward points must be at least 1.')
      .max(1_000_000, 'The reward points may not be more than 1,000,000.'),
  })
  .strict();
export type CreateKickReward = z.infer<typeof createKickRewardSchema>;

export const KICK_REWARD_MESSAGES = {
  created: 'Reward created on Kick and mapped.',
  notConnected: "No Kick account is connected: connect the streamer's account to read the channel's rewards.",
  notGranted: (scope: string) => `The connected account did not grant ${scope}: reconnect and allow it.`,
  failed: "Kick did not answer with the channel's rewards: try again.",
  createFailed: 'Kick refused to create the reward.',
} as const;
