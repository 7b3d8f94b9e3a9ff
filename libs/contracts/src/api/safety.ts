import { z } from 'zod';
import { webUrl } from '../urls';

/**
 * Safer gambling (docs/responsible-gambling.md): the age gate, the country rules of casino offers, the help and
 * terms lines beside them, and a member's self-exclusion.
 */

/** ISO 3166-1 alpha-2, upper case (what the proxy header and the country database give). */
export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Two-letter country code, e.g. GB');

/** Where an affiliate or a leaderboard platform is shown: everywhere, only in listed countries, or not in them. */
export const COUNTRY_RULE_MODES = ['everywhere', 'only', 'except'] as const;
export type CountryRuleMode = (typeof COUNTRY_RULE_MODES)[number];

export const countryRuleSchema = z
  .object({
    mode: z.enum(COUNTRY_RULE_MODES),
    countries: z
      .array(countryCodeSchema)
      .max(250)
      .default([])
      .transform((codes) => [...new Set(codes)].sort()),
  })
  .strict()
  .refine((rule) => rule.mode === 'everywhere' || rule.countries.length > 0, {
    message: 'List at least one country',
    path: ['countries'],
  });
export type CountryRule = z.infer<typeof countryRuleSchema>;
export const EVERYWHERE: CountryRule = { mode: 'everywhere', countries: [] };

/**
 * Whether an offer with `rule` may reach a viewer in `country`. An unknown country (a private address, a database
 * miss) sees offers listed "everywhere" or "except", never an allow-list's: when in doubt, the narrow rule wins.
 */
export function countryAllows(rule: CountryRule, country: string | null): boolean {
  if (rule.mode === 'everywhere') return true;
  if (country === null) return rule.mode === 'except';
  return rule.mode === 'only' ? rule.countries.includes(country) : !rule.countries.includes(country);
}

/** The age every country asks unless an admin sets a higher one for it. */
export const DEFAULT_MIN_AGE = 18;

export const SAFETY_DEFAULT_TEXTS = {
  termsLine: '18+ · New customers only · T&Cs apply · Play responsibly',
  noCashValue: 'Points have no cash value and cannot be exchanged for money.',
  helpName: 'Gambling Therapy',
  helpUrl: 'https://www.gamblingtherapy.org',
} as const;

export interface HelpLink {
  name: string;
  url: string;
}

/** The viewer's gate answer: "confirmed" (old enough for their country), "declined", or not answered yet. */
export type AgeGateState = 'confirmed' | 'declined' | 'unanswered';

/**
 * GET /api/r/safety and window.__APP__.safety: what this viewer may be shown. `offers` is false when the gate is not
 * answered "Yes", the member is taking a break, or both; the server has then left every offer out of its answers.
 */
export interface ViewerSafety {
  country: string | null;
  min_age: number;
  gate: AgeGateState;
  /** Whether casino offers (affiliates, the leaderboard) are in this viewer's answers. */
  offers: boolean;
  /** The member's break from gambling content; null when none is running (and for visitors). */
  break: MemberBreak | null;
  help: HelpLink;
  terms_line: string;
  no_cash_value: string;
}

export const AGE_ANSWERS = ['yes', 'no'] as const;
/** POST /api/r/safety/age */
export const ageAnswerSchema = z.object({ answer: z.enum(AGE_ANSWERS) }).strict();
export type AgeAnswer = z.infer<typeof ageAnswerSchema>;

export const BREAK_PERIODS = ['24h', '7d', '30d', '6m', 'until_asked'] as const;
export type BreakPeriod = (typeof BREAK_PERIODS)[number];
export const BREAK_PERIOD_LABELS: Record<BreakPeriod, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  '6m': '6 months',
  until_asked: 'Until I ask an admin to end it',
};

/** When a break that starts at `from` ends; null for "until I ask". Six months are calendar months (UTC). */
export function breakEndsAt(period: BreakPeriod, from: Date): Date | null {
  const at = new Date(from.getTime());
  if (period === 'until_asked') return null;
  if (period === '24h') at.setUTCHours(at.getUTCHours() + 24);
  else if (period === '7d') at.setUTCDate(at.getUTCDate() + 7);
  else if (period === '30d') at.setUTCDate(at.getUTCDate() + 30);
  else at.setUTCMonth(at.getUTCMonth() + 6);
  return at;
}

/** POST /api/r/safety/break */
export const takeBreakSchema = z.object({ period: z.enum(BREAK_PERIODS), confirm: z.literal(true) }).strict();
export type TakeBreakRequest = z.infer<typeof takeBreakSchema>;

export interface MemberBreak {
  period: BreakPeriod;
  started_at: string;
  /** null: until the member asks an admin to end it. */
  ends_at: string | null;
}

export { SAFETY_MESSAGES } from '../safety-texts';

// ---------- admin ----------

/** One country's own age and help link (the worldwide default applies elsewhere). */
export const safetyCountryInputSchema = z
  .object({
    country: countryCodeSchema,
    min_age: z.number().int().min(18, 'At least 18').max(25, 'At most 25').default(DEFAULT_MIN_AGE),
    help_name: z.string().trim().min(1, 'Name the help service').max(80),
    help_url: webUrl('Must be a full http(s) URL'),
  })
  .strict();
export type SafetyCountryInput = z.infer<typeof safetyCountryInputSchema>;
export const safetyCountryUpdateSchema = safetyCountryInputSchema.partial().strict();

export interface AdminSafetyCountry {
  id: number;
  country: string;
  min_age: number;
  help_name: string;
  help_url: string;
}

/** The worldwide defaults and the texts shown beside offers, in the store and on the terms page. */
export const safetySettingsSchema = z
  .object({
    terms_line: z.string().trim().min(1, 'Required').max(200),
    no_cash_value: z.string().trim().min(1, 'Required').max(300),
    default_help_name: z.string().trim().min(1, 'Required').max(80),
    default_help_url: webUrl('Must be a full http(s) URL'),
    min_age: z.number().int().min(18, 'At least 18').max(25, 'At most 25'),
  })
  .partial()
  .strict();
export type SafetySettingsUpdate = z.infer<typeof safetySettingsSchema>;
export type SafetySettings = Required<SafetySettingsUpdate>;

/** GET /api/admin/safety/overview: counts only, never who or why. */
export interface SafetyOverview {
  /** Members on a break now. */
  on_break: number;
  /** Of those, breaks an admin may end (set "until I ask"). */
  until_asked: number;
  /** Members who confirmed their age on their account. */
  confirmed_members: number;
  /** Today's (UTC) visitors by country ("??" unknown) and the gate's answers. */
  today: { visitors: { country: string; count: number }[]; gate_yes: number; gate_no: number };
}

/** POST /api/admin/safety/breaks/end: an "until I ask" break, ended at the member's request. */
export const endBreakSchema = z.object({ username: z.string().trim().min(1, 'Name the member').max(64) }).strict();
