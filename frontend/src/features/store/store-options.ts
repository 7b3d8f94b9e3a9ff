import type { StorePriceRange, StoreSort } from '@kickback/contracts';

/** SPEC §9 filters and sorts with their labels (kept here so the client bundle does not pull zod). */
export const PRICE_RANGE_OPTIONS: { value: StorePriceRange | ''; label: string }[] = [
  { value: '', label: 'All Prices' },
  { value: '0-1000', label: '0 - 1,000' },
  { value: '1000-5000', label: '1,000 - 5,000' },
  { value: '5000-10000', label: '5,000 - 10,000' },
  { value: '10000+', label: '10,000+' },
];

export const SORT_OPTIONS: { value: StoreSort; label: string }[] = [
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'price_desc', label: 'Price: High to Low' },
  { value: 'popular', label: 'Most Popular' },
  { value: 'newest', label: 'Newest' },
];

export const DEFAULT_CATEGORY = 'all';

const REASON_LABELS: Record<string, string> = {
  'store.redeem': 'Store redemption',
  'store.refund': 'Store refund',
  'admin.adjust': 'Adjusted by the team',
  'demo.grant': 'Welcome bonus',
  'raffle.entry': 'Raffle entry',
  'activity.chat': 'Chatting on stream',
  'activity.follow': 'Following the channel',
  'activity.subscription': 'Subscribing on Kick',
  'activity.gifted-subs': 'Gifting subscriptions',
  'activity.kicks': 'Gifting Kicks',
  'activity.reward': 'Channel reward',
  'activity.watch': 'Watching the stream here',
  import: 'Brought over from your old points',
  'import.rollback': 'Imported points withdrawn',
};

/** Ledger reasons are machine words; members read these. */
export function reasonLabel(reason: string): string {
  return REASON_LABELS[reason] ?? reason.replace(/[._-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

export function categoryLabel(category: string): string {
  return category.replace(/[-_]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}
