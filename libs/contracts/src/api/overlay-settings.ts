import { z } from 'zod';
import type { OverlayKind } from './overlays';

/** The overlay stage every browser source is laid out on (OBS scales it to the source). */
export const OVERLAY_STAGE_WIDTH = 1920;
export const OVERLAY_STAGE_HEIGHT = 1080;

/** The parts of each overlay the streamer may hide (each is a piece of the panel, never the panel itself). */
export const OVERLAY_FIELDS = {
  hunt: ['phase', 'stats', 'slots'],
  raffle: ['prize', 'how_to_enter', 'count', 'entrants', 'verify'],
  tournament: ['winner', 'multipliers'],
  leaderboard: ['countdown', 'wagered', 'prizes', 'race'],
  alerts: ['label'],
  race: ['countdown', 'wagered', 'prizes'],
  poll: ['countdown', 'votes'],
  'next-up': ['provider', 'requesters'],
} as const satisfies Record<OverlayKind, readonly string[]>;
export type OverlayField = (typeof OVERLAY_FIELDS)[OverlayKind][number];
const ALL_FIELDS = [...new Set(Object.values(OVERLAY_FIELDS).flat())] as [OverlayField, ...OverlayField[]];

/** Colours come from the site theme (Site Settings), named by their theme key; 'default' is the overlay's own. */
export const OVERLAY_ACCENTS = ['default', 'primary_color', 'secondary_color', 'accent_color', 'nav_title_color'] as const;
export const OVERLAY_PANELS = ['default', 'card_background', 'nav_background_color', 'background_gradient_start', 'primary_color'] as const;
export type OverlayAccent = (typeof OVERLAY_ACCENTS)[number];
export type OverlayPanel = (typeof OVERLAY_PANELS)[number];

/** Where an overlay's panel sits on the 1920×1080 stage, how big it is, its colours and what it shows. */
const overlaySettingsFields = z
  .object({
    /** The panel's top-left corner on the stage, in stage pixels. */
    x: z.number().int().min(0).max(OVERLAY_STAGE_WIDTH),
    y: z
      .number()
      .int()
      .min(0)
      .max(OVERLAY_STAGE_HEIGHT - 100),
    /** The panel's width before scaling, in stage pixels. */
    width: z.number().int().min(240).max(OVERLAY_STAGE_WIDTH),
    /** Size: 1 is the panel as designed. */
    scale: z.number().min(0.5).max(2),
    accent: z.enum(OVERLAY_ACCENTS),
    panel: z.enum(OVERLAY_PANELS),
    /** How opaque the panel's background is (its text always is). */
    opacity: z.number().min(0.2).max(1),
    hidden: z.array(z.enum(ALL_FIELDS)).max(ALL_FIELDS.length),
    /** Raffle only: replaces the raffle's own prize line when set. */
    prize_line: z.string().trim().max(120),
    /** Raffle only: how a viewer enters ("Type !join in chat"); empty shows the raffle's address on the site. */
    how_to_enter: z.string().trim().max(160),
  })
  .strict();

/** A kind's whole settings: every field, and the panel fits on the stage. */
export const overlaySettingsSchema = overlaySettingsFields.refine((s) => s.x + Math.round(s.width * s.scale) <= OVERLAY_STAGE_WIDTH, {
  message: 'The panel must fit on the 1920 px wide stage: move it left, narrow it or make it smaller.',
  path: ['x'],
});
export type OverlaySettings = z.infer<typeof overlaySettingsSchema>;

/**
 * PUT /api/admin/overlays/{kind}/settings: the fields to change, a field left out keeping its saved value (or its
 * default). Whether the panel fits is checked on the settings the change makes (overlaySettingsSchema).
 */
export const overlaySettingsUpdateSchema = overlaySettingsFields.partial().strict();
export type OverlaySettingsUpdate = z.infer<typeof overlaySettingsUpdateSchema>;

const base = { scale: 1, accent: 'default', panel: 'default', opacity: 0.86, hidden: [], prize_line: '', how_to_enter: '' } as const;

/** Each overlay's layout until the admin changes it (where the panels have always been). */
export const DEFAULT_OVERLAY_SETTINGS: Record<OverlayKind, OverlaySettings> = {
  hunt: { ...base, hidden: [], x: 1100, y: 60, width: 760 },
  raffle: { ...base, hidden: [], x: 60, y: 520, width: 560 },
  tournament: { ...base, hidden: [], x: 60, y: 560, width: 1800 },
  leaderboard: { ...base, hidden: [], x: 1240, y: 60, width: 620 },
  alerts: { ...base, hidden: [], x: 60, y: 60, width: 640 },
  race: { ...base, hidden: [], x: 60, y: 300, width: 620 },
  poll: { ...base, hidden: [], x: 1240, y: 560, width: 620 },
  'next-up': { ...base, hidden: [], x: 1340, y: 700, width: 520 },
};

/** The theme colours an overlay can use, sent with its page so a settings push needs no other read. */
export type OverlayThemeColours = Record<Exclude<OverlayAccent | OverlayPanel, 'default'>, string>;

/** How an overlay looks: its settings and the theme colours they name. */
export interface OverlayLook {
  settings: OverlaySettings;
  colours: OverlayThemeColours;
}

/** Pushed to the overlays of a kind (their server-side room) when the admin saves their settings. */
export interface OverlaySettingsPush {
  kind: OverlayKind;
  look: OverlayLook;
}
