import { z } from 'zod';
import { pageParamSchema } from './paging';
import { imageRef } from '../urls';
import type { Pagination } from './envelope';
import type { LedgerEntry } from './economy';

/** SPEC §9 store filters and sorts. */
export const STORE_PRICE_RANGES = ['0-1000', '1000-5000', '5000-10000', '10000+'] as const;
export type StorePriceRange = (typeof STORE_PRICE_RANGES)[number];
export const STORE_SORTS = ['price_asc', 'price_desc', 'popular', 'newest'] as const;
export type StoreSort = (typeof STORE_SORTS)[number];
export const STORE_FULFILMENTS = ['manual', 'code'] as const;
export type StoreFulfilment = (typeof STORE_FULFILMENTS)[number];
export const REDEMPTION_STATUSES = ['pending', 'processed', 'refunded'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/** GET /api/r/store query. An empty string means "not given" so forms can send blank fields. */
export const storeQuerySchema = z
  .object({
    search: z.string().trim().max(100, 'At most 100 characters').default(''),
    category: z.string().trim().max(40, 'At most 40 characters').default('all'),
    price_range: z.union([z.enum(STORE_PRICE_RANGES), z.literal('')]).default(''),
    sort: z.union([z.enum(STORE_SORTS), z.literal('')]).default('price_asc'),
  })
  .strict();
export type StoreQuery = z.infer<typeof storeQuerySchema>;

/** SPEC §3 store_items entry. quantity and max_purchases_per_user are null when unlimited. */
export interface StoreItem {
  id: number;
  name: string;
  description: string;
  image: string | null;
  cost: number;
  quantity: number | null;
  max_purchases_per_user: number | null;
  user_purchases: number;
  category: string;
  /** 'code': a code is delivered automatically; 'manual': the stream team delivers it. */
  fulfilment: StoreFulfilment;
  /** A casino bonus: shown with "18+" and the terms line, refused to members on a break (responsible-gambling.md). */
  is_casino_bonus: boolean;
}

export interface RedemptionItemSummary {
  id: number;
  name: string;
  image: string | null;
  cost: number;
}

/** SPEC §3 recent_redemptions entry (the member's own). */
export interface StoreRedemption {
  id: number;
  item: RedemptionItemSummary;
  created_at: string;
  is_processed: boolean;
  status: RedemptionStatus;
  /** The delivered code, only for the member who redeemed it and once processed. */
  code: string | null;
}

/** SPEC §3 community_purchases entry. */
export interface CommunityPurchase {
  id: number;
  item: RedemptionItemSummary;
  /** SPEC §3 user.username, and the Kick name the member goes by everywhere else (personName). */
  user: { username: string; kick_username: string | null };
  created_at: string;
}

/** GET /api/r/store data. */
export interface StoreData {
  user_points: number;
  store_items: StoreItem[];
  recent_redemptions: StoreRedemption[];
  community_purchases: CommunityPurchase[];
  /** Every category of an active item, for the category filter. */
  categories: string[];
}

/** POST /api/r/store/{id}/redeem data. */
export interface RedeemResult {
  redemption: StoreRedemption;
  user_points: number;
  item: { id: number; quantity: number | null; user_purchases: number };
  /** The points history row this redemption wrote; null when the answer is a replay (the row is already listed). */
  points_entry: LedgerEntry | null;
  /** True when this answer repeats an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

/** Idempotency-Key header: opaque client token (a UUID in our client). */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, 'Idempotency-Key must be 8 to 100 characters')
  .max(100, 'Idempotency-Key must be 8 to 100 characters')
  .regex(/^[A-Za-z0-9._:-]+$/, 'Idempotency-Key may use letters, digits and . _ : - only');

// ---- admin ----

const nullableCount = (label: string) =>
  z
    .number({ invalid_type_error: `${label} must be a number or empty` })
    .int('Whole numbers only')
    .min(0, 'Must not be negative')
    .max(1_000_000)
    .nullable();

export const storeItemInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(120, 'At most 120 characters'),
    description: z.string().trim().max(2000, 'At most 2000 characters').default(''),
    image_url: imageRef().nullable().default(null),
    cost: z
      .number({ invalid_type_error: 'Cost must be a number' })
      .int('Whole points only')
      .min(1, 'Cost must be at least 1')
      .max(100_000_000),
    quantity: nullableCount('Quantity').default(null),
    max_purchases_per_user: z
      .number({ invalid_type_error: 'Limit must be a number or empty' })
      .int('Whole numbers only')
      .min(1, 'At least 1, or empty for no limit')
      .max(1_000_000)
      .nullable()
      .default(null),
    category: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, 'Category is required')
      .max(40, 'At most 40 characters')
      .refine((v) => v !== 'all', "'all' is reserved for the filter"),
    is_active: z.boolean().default(true),
    fulfilment: z.enum(STORE_FULFILMENTS).default('manual'),
    is_casino_bonus: z.boolean().default(false),
    value_usd: z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, 'A dollar amount such as 25 or 25.00')
      .default('0'),
  })
  .strict();
export type StoreItemInput = z.infer<typeof storeItemInputSchema>;
export const storeItemUpdateSchema = storeItemInputSchema.partial().strict();
export type StoreItemUpdate = z.infer<typeof storeItemUpdateSchema>;

export interface AdminStoreItem {
  id: number;
  name: string;
  description: string;
  image_url: string | null;
  cost: number;
  quantity: number | null;
  max_purchases_per_user: number | null;
  category: string;
  is_active: boolean;
  fulfilment: StoreFulfilment;
  is_casino_bonus: boolean;
  value_usd: string;
  redemptions_count: number;
  pending_count: number;
  codes_available: number;
  codes_total: number;
  created_at: string;
  updated_at: string;
}

/** Codes pasted one per line, or as CSV (commas/semicolons); blanks and duplicates are skipped. */
export const storeCodesUploadSchema = z.object({ codes: z.string().max(1_000_000, 'At most 1 MB of codes at once') }).strict();

export interface StoreCodesUploadResult {
  added: number;
  skipped: number;
  /** Pending redemptions that were waiting for a code and got one from this upload. */
  fulfilled: number;
  codes_available: number;
}

export interface AdminStoreCode {
  id: number;
  code: string;
  redemption_id: number | null;
  assigned_at: string | null;
  created_at: string;
}

export const adminRedemptionsQuerySchema = z
  .object({
    status: z.enum(['all', ...REDEMPTION_STATUSES]).default('all'),
    page: pageParamSchema,
  })
  .strict();
export type AdminRedemptionsQuery = z.infer<typeof adminRedemptionsQuerySchema>;

export interface AdminRedemption {
  id: number;
  status: RedemptionStatus;
  cost: number;
  item: { id: number; name: string; fulfilment: StoreFulfilment };
  user: { id: number; username: string; kick_username: string | null };
  code: string | null;
  created_at: string;
  processed_at: string | null;
  processed_by: string | null;
}

export interface AdminRedemptionList {
  data: AdminRedemption[];
  pagination: Pagination;
  pending_total: number;
}
