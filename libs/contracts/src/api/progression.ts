import { z } from 'zod';
import { pageQuerySchema } from './paging';
import type { Pagination } from './envelope';

/**
 * What an achievement or badge rule counts. Each counter is derived from the member's XP ledger (one row per awarded
 * action), except `friends` (current accepted friendships), `level` and `xp`.
 */
export const PROGRESSION_COUNTERS = [
  'raffle_entries',
  'hunt_predictions',
  'tournament_predictions',
  'predictions',
  'predictions_scored',
  'redemptions',
  'tickets',
  'tickets_resolved',
  'friends',
  'login_days',
  'stream_activity',
  'level',
  'xp',
] as const;
export type ProgressionCounter = (typeof PROGRESSION_COUNTERS)[number];

export const PROGRESSION_COUNTER_LABELS: Record<ProgressionCounter, string> = {
  raffle_entries: 'Raffle entries',
  hunt_predictions: 'Bonus hunt predictions',
  tournament_predictions: 'Tournament predictions',
  predictions: 'Predictions (hunts + tournaments)',
  predictions_scored: 'Scored predictions',
  redemptions: 'Store redemptions',
  tickets: 'Support tickets opened',
  tickets_resolved: 'Support tickets resolved',
  friends: 'Friends',
  login_days: 'Days logged in',
  stream_activity: 'Stream activity awards',
  level: 'Level reached',
  xp: 'Total XP',
};

/** Where an XP ledger row came from (the admin XP ledger page shows it). */
export const XP_SOURCES = [
  'login',
  'raffle_entry',
  'hunt_prediction',
  'tournament_prediction',
  'hunt_scored',
  'tournament_scored',
  'redemption',
  'ticket',
  'ticket_resolved',
  'friend',
  'activity',
] as const;
export type XpSource = (typeof XP_SOURCES)[number];

export const ACHIEVEMENT_CATEGORIES = ['community', 'predictions', 'raffles', 'store', 'social', 'support', 'levels', 'stream'] as const;
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number];

export interface ProgressionRule {
  counter: ProgressionCounter;
  threshold: number;
}

const NO_CONTROL = (v: string) => !/[\u0000-\u001F\u007F]/.test(v); // eslint-disable-line no-control-regex

const ruleSchema = z
  .object({
    counter: z.enum(PROGRESSION_COUNTERS),
    threshold: z.number({ invalid_type_error: 'The threshold must be a number.' }).int().min(1).max(1_000_000),
  })
  .strict();

const name = z
  .string({ required_error: 'The name field is required.' })
  .trim()
  .min(1, 'The name field is required.')
  .max(100, 'The name may not be longer than 100 characters.')
  .refine(NO_CONTROL, 'The name contains characters that are not allowed.');
const description = z
  .string()
  .trim()
  .max(255, 'The description may not be longer than 255 characters.')
  .refine(NO_CONTROL, 'The description contains characters that are not allowed.')
  .default('');
/** An icon is an emoji or a short icon name (the site renders it as text or looks it up). */
const icon = z
  .string()
  .trim()
  .max(64, 'The icon may not be longer than 64 characters.')
  .refine(NO_CONTROL, 'The icon contains characters that are not allowed.')
  .nullable()
  .default(null)
  .transform((v) => (v === '' ? null : v));

/** POST /api/admin/achievements. */
export const achievementInputSchema = z
  .object({ name, icon, description, category: z.enum(ACHIEVEMENT_CATEGORIES), rule: ruleSchema, active: z.boolean().default(true) })
  .strict();
export type AchievementInput = z.infer<typeof achievementInputSchema>;
/** PUT /api/admin/achievements/{id}: the fields to change; a field left out keeps its value (no create default). */
export const achievementUpdateSchema = achievementInputSchema.partial().strict();
export type AchievementUpdate = z.infer<typeof achievementUpdateSchema>;

export interface AdminAchievement {
  id: number;
  name: string;
  icon: string | null;
  description: string;
  category: AchievementCategory;
  rule: ProgressionRule;
  active: boolean;
  unlocked_count: number;
  created_at: string;
}

/** POST /api/admin/badges; a badge without a rule is granted by admins only. */
export const badgeInputSchema = z.object({ name, icon, description, rule: ruleSchema.nullable().default(null) }).strict();
export type BadgeInput = z.infer<typeof badgeInputSchema>;
/** PUT /api/admin/badges/{id}: the fields to change; a field left out keeps its value (a rule is removed by null). */
export const badgeUpdateSchema = badgeInputSchema.partial().strict();
export type BadgeUpdate = z.infer<typeof badgeUpdateSchema>;

export interface AdminBadge {
  id: number;
  name: string;
  icon: string | null;
  description: string;
  rule: ProgressionRule | null;
  holders_count: number;
  created_at: string;
}

/** POST /api/admin/users/{id}/badges/{badgeId} (grant) and DELETE (revoke) answer. */
export interface BadgeGrantAnswer {
  user_id: number;
  badge_id: number;
  granted: boolean;
}

export interface XpLedgerEntry {
  id: number;
  source: XpSource;
  xp: number;
  /** The award's idempotency key (e.g. `raffle-entry:12`). */
  key: string;
  created_at: string;
}

export const xpLedgerQuerySchema = pageQuerySchema;
export type XpLedgerQuery = z.infer<typeof xpLedgerQuerySchema>;

/** GET /api/admin/users/{id}/xp: the member's totals and one page of their XP ledger, newest first. */
export interface AdminXpLedger {
  user: { id: number; username: string };
  xp: number;
  level: number;
  rank: number;
  badges: { id: number; name: string; icon: string | null; granted_by: 'rule' | 'admin'; granted_at: string }[];
  achievements: { id: number; name: string; unlocked_at: string }[];
  data: XpLedgerEntry[];
  pagination: Pagination;
}

/** user:notification texts the worker pushes (the site shows them as toasts). */
export const achievementUnlockedNotification = (name: string) => `Achievement unlocked: ${name}`;
export const levelReachedNotification = (level: number) => `Level ${level}!`;
export const achievementAlertText = (username: string, name: string) => `${username} unlocked ${name}`;
export const levelAlertText = (username: string, level: number) => `${username} reached level ${level}`;
