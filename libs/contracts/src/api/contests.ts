import { z } from 'zod';

/**
 * Stream contests: the streamer asks a question, members stake points on one option, the winning option's stakers
 * share the whole pool. Points have no cash value; these texts say so wherever a stake is taken.
 */
export const CONTEST_MAX_OPTIONS = 10;
export const CONTEST_MAX_STAKE = 10_000_000;
/** A contest not resolved this long after it closed refunds itself. */
export const CONTEST_AUTO_REFUND_HOURS = 24;

export const CONTEST_TEXTS = {
  noCashValue: 'Points have no cash value. Stakes are points only.',
  notOpen: 'This contest is not taking stakes.',
  otherOption: 'You already staked on another option; you may only add to that one.',
  overMax: 'That would take your stake over the maximum.',
  underMin: 'Your stake must reach the minimum.',
  notFound: 'Contest not found.',
  anotherRunning: 'Another contest is running: resolve or cancel it first.',
  alreadySettled: 'This contest was already resolved, cancelled or refunded.',
  stakedAdmin: 'You staked in this contest; another admin must resolve it.',
  unknownOption: 'No such option.',
  notTakingPart: 'Contests are not available to your account.',
} as const;

const option = z.string().trim().min(1, 'Name the option.').max(80, 'At most 80 characters.');

const contestSettingsFields = z.object({
  question: z.string().trim().min(1, 'Ask a question.').max(200, 'At most 200 characters.'),
  options: z.array(option).min(2, 'At least two options.').max(CONTEST_MAX_OPTIONS, `At most ${CONTEST_MAX_OPTIONS} options.`),
  min_stake: z.number().int('Whole points only.').min(1, 'At least 1 point.').max(CONTEST_MAX_STAKE),
  max_stake: z.number().int('Whole points only.').min(1, 'At least 1 point.').max(CONTEST_MAX_STAKE),
  /** Stakes close by themselves this long after opening; null: the streamer closes by hand. */
  window_seconds: z.number().int('Whole seconds only.').min(10, 'At least 10 seconds.').max(86_400, 'At most a day.').nullable(),
});

/** A maximum under the minimum, or two options alike, can never take a stake anyone could tell apart. */
function checkSettings(v: z.infer<typeof contestSettingsFields>, ctx: z.RefinementCtx): void {
  if (v.max_stake < v.min_stake) ctx.addIssue({ code: 'custom', path: ['max_stake'], message: 'Must be at least the minimum.' });
  const seen = new Set(v.options.map((o) => o.toLowerCase()));
  if (seen.size !== v.options.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Options must differ.' });
}

/** What a contest asks and allows: a template keeps these, and opening a contest sends them. */
export const contestSettingsSchema = contestSettingsFields.strict().superRefine(checkSettings);
export type ContestSettings = z.infer<typeof contestSettingsSchema>;

/** POST /api/admin/contests: from settings, or from a template (its settings as saved). */
export const contestOpenSchema = z
  .object({ template_id: z.number().int().positive().optional(), settings: contestSettingsSchema.optional() })
  .strict()
  // One object rather than a union, so a refusal names its field (a union's refusal names none).
  .transform((body, ctx): { template_id: number } | { settings: ContestSettings } => {
    if (body.template_id !== undefined && body.settings === undefined) return { template_id: body.template_id };
    if (body.settings !== undefined && body.template_id === undefined) return { settings: body.settings };
    ctx.addIssue({ code: 'custom', path: ['template_id'], message: 'Open from a template or from settings, one of the two.' });
    return z.NEVER;
  });
export type ContestOpen = z.infer<typeof contestOpenSchema>;

/** An option of a contest, by its place in the list (0 first). */
const optionIndex = z
  .number()
  .int()
  .min(0)
  .max(CONTEST_MAX_OPTIONS - 1);

/** POST /api/admin/contests/{id}/resolve */
export const contestResolveSchema = z.object({ option: optionIndex }).strict();

/** POST /api/r/contests/{id}/stake: adds to the member's stake on that option. */
export const contestStakeSchema = z
  .object({
    option: optionIndex,
    points: z.number().int('Whole points only.').min(1, 'At least 1 point.').max(CONTEST_MAX_STAKE),
  })
  .strict();
export type ContestStake = z.infer<typeof contestStakeSchema>;

/** POST /api/admin/contest-templates and PUT …/{id}: a template is its name and the settings it opens with, side by side. */
export const contestTemplateInputSchema = contestSettingsFields
  .extend({ name: z.string().trim().min(1, 'Name the template.').max(100, 'At most 100 characters.') })
  .strict()
  .superRefine(checkSettings);
export type ContestTemplateInput = z.infer<typeof contestTemplateInputSchema>;

export const CONTEST_STATUSES = ['open', 'closed', 'resolved', 'cancelled', 'refunded'] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];

export interface ContestOptionView {
  index: number;
  label: string;
  pool: number;
  members: number;
  /** Points paid back per point staked if this option wins (the whole pool over this option's pool); null when empty. */
  ratio: number | null;
}

export interface ContestView {
  id: number;
  question: string;
  status: ContestStatus;
  min_stake: number;
  max_stake: number;
  /** When stakes close by themselves (null: by hand); past means closed even while the status still says open. */
  closes_at: string | null;
  opened_at: string;
  winning_option: number | null;
  pool: number;
  members: number;
  options: ContestOptionView[];
}

/** A member's own part, beside the public view. */
export interface ContestMine {
  option: number;
  points: number;
}

/** GET /api/r/contests/current */
export interface ContestPage {
  contest: ContestView | null;
  mine: ContestMine | null;
  /** The member's points balance (null for visitors), so the page shows what a stake leaves and a payout brings. */
  balance: number | null;
  notice: string;
}

export interface ContestTemplate extends ContestSettings {
  id: number;
  name: string;
}

/** What the 'contest:pools' push carries: every option's pool and members, each never below an earlier push's. */
export interface ContestPoolsPush {
  contest_id: number;
  options: { index: number; pool: number; members: number }[];
}

export { payoutRatio, withPools } from '../contest-pools';
