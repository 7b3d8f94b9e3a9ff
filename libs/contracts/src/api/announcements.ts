import { z } from 'zod';
import { webUrl } from '../urls';

/** What the site announces outside itself: each hook picks some of these. */
export const ANNOUNCEMENT_EVENTS = ['raffle.started', 'raffle.winners', 'hunt.finished', 'tournament.winner', 'stream.live'] as const;
export type AnnouncementEvent = (typeof ANNOUNCEMENT_EVENTS)[number];

/** The event name a "Send test" delivery carries. */
export const ANNOUNCEMENT_TEST_EVENT = 'announcement.test';

export const ANNOUNCEMENT_EVENT_LABELS: Record<AnnouncementEvent, string> = {
  'raffle.started': 'Raffle started',
  'raffle.winners': 'Raffle winners',
  'hunt.finished': 'Bonus hunt finished (with its result)',
  'tournament.winner': 'Tournament winner',
  'stream.live': 'Stream went live',
};

/** A Discord channel's webhook, or a generic signed webhook for other tools. */
export type AnnouncementHookKind = 'discord' | 'webhook';

/**
 * Discord's execute-webhook URL (https://discord.com/developers/docs/resources/webhook#execute-webhook):
 * `https://discord.com/api/webhooks/{webhook.id}/{webhook.token}`, also under discordapp.com and the ptb/canary hosts,
 * optionally with an API version (`/api/v10/webhooks/…`).
 */
export const DISCORD_WEBHOOK_URL =
  /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api(?:\/v\d{1,2})?\/webhooks\/(\d{1,20})\/([\w-]{1,100})\/?$/;

const hookName = z
  .string({ invalid_type_error: 'The name must be text.' })
  .trim()
  .min(1, 'Give the hook a name.')
  .max(80, 'At most 80 characters.');

const hookEvents = z
  .array(z.enum(ANNOUNCEMENT_EVENTS, { errorMap: () => ({ message: 'Unknown event.' }) }))
  .min(1, 'Pick at least one event.')
  .max(ANNOUNCEMENT_EVENTS.length, 'Each event at most once.')
  .refine((events) => new Set(events).size === events.length, 'Each event at most once.');

/** POST /api/admin/announcements */
export const announcementHookCreateSchema = z
  .object({
    kind: z.enum(['discord', 'webhook'], { errorMap: () => ({ message: 'Choose Discord or webhook.' }) }),
    name: hookName,
    url: webUrl('Give the full https:// URL.', 500),
    events: hookEvents,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.kind === 'discord' && !DISCORD_WEBHOOK_URL.test(v.url))
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'Paste the webhook URL Discord shows (https://discord.com/api/webhooks/…).',
      });
  });
export type AnnouncementHookCreate = z.infer<typeof announcementHookCreateSchema>;

/**
 * PUT /api/admin/announcements/{id}: the fields to change, a field left out keeping its value. Kind and URL stay (a
 * new URL is a new hook), so these are the create schema's name and events, and whether the hook is enabled.
 */
export const announcementHookUpdateSchema = z
  .object({ name: hookName, events: hookEvents, enabled: z.boolean({ invalid_type_error: 'Enabled must be true or false.' }) })
  .partial()
  .strict();
export type AnnouncementHookUpdate = z.infer<typeof announcementHookUpdateSchema>;

/** GET /api/admin/announcements item. The URL is shown without its secret parts (Discord's token, any query). */
export interface AnnouncementHook {
  id: number;
  kind: AnnouncementHookKind;
  name: string;
  url_display: string;
  events: AnnouncementEvent[];
  enabled: boolean;
  /**
   * Generic webhooks: the signing secret masked (`whsec_…` and its last 4 characters), to tell secrets apart; the secret
   * itself only comes from the audited reveal (AnnouncementSigningSecret). Null for Discord.
   */
  signing_secret_hint: string | null;
  created_at: string;
}

/** POST /api/admin/announcements/{id}/signing-secret: the HMAC key receivers verify signatures with (audited). */
export interface AnnouncementSigningSecret {
  signing_secret: string;
}

export type AnnouncementDeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'failed';

/** GET /api/admin/announcements/{id}/deliveries item: the hook's delivery log, newest first. */
export interface AnnouncementDelivery {
  id: number;
  event: AnnouncementEvent | typeof ANNOUNCEMENT_TEST_EVENT;
  title: string;
  status: AnnouncementDeliveryStatus;
  attempts: number;
  /** The HTTP status of the last attempt, null when none answered. */
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** One announcement, as the worker builds it from a domain event; each hook kind renders it in its own format. */
export interface Announcement {
  event: AnnouncementEvent | typeof ANNOUNCEMENT_TEST_EVENT;
  title: string;
  description: string;
  /** The site page it is about. */
  url: string;
  fields: { name: string; value: string }[];
  occurred_at: string;
  /** Structured data for other tools (generic webhooks' `data`). */
  data: Record<string, unknown>;
}
