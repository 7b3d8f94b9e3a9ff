import { z } from 'zod';
import { raffleEntryRulesSchema } from './raffle-entry-rules';

/** What a template keeps: everything of a raffle but its title, description, image, schedule and password. */
export const raffleTemplateSettingsSchema = z
  .object({
    prize_description: z.string().trim().max(500).default(''),
    number_of_winners: z.number().int().min(1, 'At least 1 winner.').max(100, 'At most 100 winners.'),
    /** How long a raffle started from the template takes entries. */
    duration_minutes: z.number().int('Whole minutes only.').min(1, 'At least 1 minute.').max(525_600, 'At most a year.'),
    allow_passwordless_entry: z.boolean().default(true),
    allow_points_entry: z.boolean().default(false),
    points_per_entry: z.number().int().positive('Must be at least 1.').max(10_000_000).nullable().default(null),
    max_tickets_per_user: z.number().int().positive('Must be at least 1.').max(100_000).nullable().default(null),
    entry_rules: raffleEntryRulesSchema.nullable().default(null),
    claim_window_minutes: z.number().int().min(1).max(10_080).nullable().default(null),
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
