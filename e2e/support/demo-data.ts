/**
 * What the demo seed puts on the home page (libs/domain/src/site/site.seed.ts, site-defaults.ts).
 * Spelled out here so a seed change that alters what visitors see fails loudly.
 */
export const DEMO_SITE = {
  name: 'Kickback',
  description: 'The home of the stream community: climb the wager leaderboard, redeem points and win giveaways live.',
  kickChannelSlug: 'kickback',
  poweredBy: { label: 'Kickback', url: 'https://kick.com' },
  affiliates: [
    { name: 'Roobet', code: 'KICKBACK' },
    { name: 'Stake', code: 'KICKBACKVIP' },
    { name: 'Gamdom', code: 'KB15' },
  ],
} as const;
