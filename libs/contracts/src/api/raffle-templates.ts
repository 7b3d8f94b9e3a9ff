import { z } from 'zod';
import { raffleEntryRulesSchema } from './raffle-entry-rules';
import { raffleFields } from './raffles';

/**
 * What a template keeps: every field of a raffle but its title (given at the start), schedule (a duration instead) and
 * password (a secret per raffle), so a raffle started from it is the raffle the form described, prize value included.
 */
export const raffleTemplateSettingsSchema = z
  .object({
    description: raffleFields.description,
    image: raffleFields.image,
    prize_description: raffleFields.prize_description,
    prize_value_usd: raffleFields.prize_value_usd,
    number_of_winners: raffleFields.number_of_winners,
    /** How long a raffle started from the template takes entries. */
    duration_minutes: z.number().int('Whole minutes only.').min(1, 'At least 1 minute.').max(525_600, 'At most a year.'),
    allow_passwordless_entry: z.boolean().default(true),
    allow_points_entry: z.boolean().default(false),
    points_per_entry: z.number().int().positive('Must be at least 1.').max(10_000_000).nullable().default(null),
    max_tickets_per_user: z.number().int().positive('Must be at least 1.').max(100_000).nullable().default(null),
    entry_rules: raffleEntryRulesSchema.nullable().default(null),
    claim_window_minutes: z.number().int().min(1).max(10_080).nullable().default(null),
    casino_credit_prize: raffleFields.casino_credit_prize,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.allow_points_entry && !v.points_per_entry)
      ctx.addIssue({ code: 'custom', path: ['points_per_entry'], message: 'Set the points cost of one entry.' });
    if (!v.allow_passwordless_entry && !v.allow_points_entry)
      ctx.addIssue({ code: 'custom', path: ['allow_passwordless_entry'], message: 'Allow at least one way to enter.' });
  });
export type RaffleTemplateSettings = z.infer<typeof raffleTemplateSettingsSchema>;

/** POST /api/admin/raffle-templates */
export const raffleTemplateCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'Name the template.').max(100, 'At most 100 characters.'),
    settings: raffleTemplateSettingsSchema,
  })
  .strict();
export type RaffleTemplateInput = z.infer<typeof raffleTemplateCreateSchema>;

/** POST /api/admin/raffle-templates/{id}/start: a raffle from now for the template's duration. */
export const raffleTemplateStartSchema = z
  .object({ title: z.string().trim().min(1, 'Title is required.').max(200, 'Title must be at most 200 characters.') })
  .strict();

export interface RaffleTemplate {
  id: number;
  name: string;
  settings: RaffleTemplateSettings;
  created_at: string;
}
