import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_THEME } from '@kickback/contracts';

const TERMS = `These terms apply to everyone who uses this community site.

Points, XP and achievements have no cash value and cannot be transferred or sold. We may adjust balances that were earned through bugs, automation or abuse.

Raffle winners are drawn at the end time shown on each raffle. Prizes are delivered by the stream team; we may ask winners to confirm their identity.

Gambling involves risk. You must be of legal age in your country to take part in casino offers linked from this site. Play responsibly.`;

const PRIVACY = `We keep the minimum we need to run the community: your Kick user id, username, avatar and e-mail as Kick shares them, the casino usernames you enter in Settings, and your activity on this site (points, entries, predictions, tickets).

We use a session cookie to keep you logged in and remember your cookie choice in your browser. We do not sell your data.

Ask support through a ticket to export or delete your data.`;

/** Demo branding, legal text and partner cards; only fills what is still empty. */
export async function seedSite(em: EntityManager): Promise<void> {
  await em.execute(
    `insert into site_settings (id, site_name, site_description, crypto1_label, crypto2_label, crypto3_label, theme, kick_channel_slug, terms_text, privacy_text)
     values (1, 'Kickback', 'The home of the stream community: climb the wager leaderboard, redeem points and win giveaways live.', 'Roobet username', 'Stake username', 'Gamdom username', ?::jsonb, 'kickback', ?, ?)
     on conflict (id) do nothing`,
    [JSON.stringify(DEFAULT_THEME), TERMS, PRIVACY],
  );
  const [{ n }] = await em.execute<{ n: string }[]>('select count(*)::text as n from affiliates');
  if (Number(n) > 0) return;
  const partners = [
    ['Roobet', 'https://roobet.com', 'KICKBACK', ['Monthly $10,000 wager race', 'Instant rakeback on every bet']],
    ['Stake', 'https://stake.com', 'KICKBACKVIP', ['Weekly reload bonus', 'Exclusive stream giveaways']],
    ['Gamdom', 'https://gamdom.com', 'KB15', ['15% rakeback for new players', 'Daily free cases']],
  ] as const;
  for (const [index, [name, url, code, benefits]] of partners.entries()) {
    await em.execute('insert into affiliates (name, redirect_url, code, benefits, position) values (?, ?, ?, ?::jsonb, ?)', [
      name,
      url,
      code,
      JSON.stringify(benefits),
      index,
    ]);
  }
}
