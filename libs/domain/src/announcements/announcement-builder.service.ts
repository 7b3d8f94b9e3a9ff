import { Injectable } from '@nestjs/common';
import { racePrizeLabel, type Announcement, type Raffle } from '@kickback/contracts';
import { AppConfig } from '@kickback/platform';
import { RafflesQueryService } from '../raffles/raffles-query.service';
import { AdminBonusHuntsService } from '../bonus-hunts/admin-bonus-hunts.service';
import { AdminTournamentsService } from '../tournaments/admin-tournaments.service';
import { SiteSettingsService } from '../site/site-settings.service';
import { RacesReadService } from '../leaderboard/races/races-read.service';

const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const utc = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The prize as both raffle announcements name it: its dollar value when it has one, else its description. */
const prizeOf = (raffle: Raffle) => (raffle.prize_value_usd > 0 ? usd(raffle.prize_value_usd) : raffle.prize_description);
/** The raffle and its prize in both announcements' structured data. */
const raffleData = (raffle: Raffle) => ({
  id: raffle.id,
  title: raffle.title,
  prize_description: raffle.prize_description,
  prize_value_usd: raffle.prize_value_usd,
});

/** "A", "A and B", "A, B and C". */
function listNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Turns what happened into an announcement: title, text and fields from the same public data the site's pages show
 * (never member-private fields), plus structured data for other tools. Null when there is nothing to announce (a
 * raffle cancelled before its start, a hunt or tournament no longer there).
 */
@Injectable()
export class AnnouncementBuilderService {
  constructor(
    private readonly raffles: RafflesQueryService,
    private readonly hunts: AdminBonusHuntsService,
    private readonly tournaments: AdminTournamentsService,
    private readonly site: SiteSettingsService,
    private readonly config: AppConfig,
    private readonly races: RacesReadService,
  ) {}

  private page(path: string): string {
    return `${this.config.appOrigin}${path}`;
  }

  private make(event: Announcement['event'], parts: Omit<Announcement, 'event' | 'occurred_at'>, at?: string): Announcement {
    return { event, occurred_at: at ?? new Date().toISOString(), ...parts };
  }

  async raffleStarted(raffleId: number): Promise<Announcement | null> {
    const raffle = await this.raffles.get(raffleId, null).catch(() => null);
    if (!raffle || raffle.cancelled || raffle.status !== 'Active') return null;
    return this.make(
      'raffle.started',
      {
        title: `Raffle started: ${raffle.title}`,
        description: raffle.prize_description || raffle.description,
        url: this.page(`/raffles/${raffle.id}`),
        fields: [
          { name: 'Prize', value: prizeOf(raffle) },
          { name: 'Winners', value: String(raffle.number_of_winners) },
          { name: 'Ends', value: utc(raffle.end_datetime) },
        ],
        data: {
          raffle: {
            ...raffleData(raffle),
            number_of_winners: raffle.number_of_winners,
            start_datetime: raffle.start_datetime,
            end_datetime: raffle.end_datetime,
          },
        },
      },
      raffle.start_datetime,
    );
  }

  async raffleWinners(raffleId: number): Promise<Announcement | null> {
    const raffle = await this.raffles.get(raffleId, null).catch(() => null);
    if (!raffle || !raffle.winners.length) return null;
    const names = raffle.winners.map((w) => w.username);
    return this.make(
      'raffle.winners',
      {
        title: `Raffle winners: ${raffle.title}`,
        description: `Congratulations to ${listNames(names)}!`,
        url: this.page(`/raffles/${raffle.id}`),
        fields: [
          { name: names.length === 1 ? 'Winner' : 'Winners', value: names.join('\n') },
          { name: 'Prize', value: prizeOf(raffle) },
          { name: 'Entries', value: raffle.total_entries.toLocaleString('en-US') },
          { name: 'Verify the draw', value: this.page(`/api/r/raffles/${raffle.id}/verify`) },
        ],
        data: {
          raffle: raffleData(raffle),
          winners: raffle.winners.map((w) => ({ id: w.id, username: w.username, kick_username: w.kick_username })),
          seed: raffle.seed,
          seed_hash: raffle.seed_hash,
        },
      },
      raffle.drawn_at ?? undefined,
    );
  }

  async huntFinished(huntId: number): Promise<Announcement | null> {
    const hunt = await this.hunts.detail(huntId).catch(() => null);
    if (!hunt || hunt.status !== 'completed') return null;
    const s = hunt.statistics;
    const profit = s.winnings - s.starting_balance;
    const best = s.highest_multiplier_game;
    return this.make(
      'hunt.finished',
      {
        title: `${hunt.name} finished`,
        description: `${usd(s.starting_balance)} in, ${usd(s.winnings)} out: ${profit >= 0 ? 'a profit' : 'a loss'} of ${usd(Math.abs(profit))}.`,
        url: this.page('/bonus-hunts'),
        fields: [
          { name: 'Start', value: usd(s.starting_balance) },
          { name: 'Result', value: usd(s.winnings) },
          { name: 'Bonuses', value: String(s.games_count) },
          { name: 'Average multiplier', value: `${s.average_multiplier.toFixed(2)}x` },
          ...(best ? [{ name: 'Best bonus', value: `${best.slot_name}: ${best.multiplier.toFixed(2)}x (${usd(best.win)})` }] : []),
        ],
        data: {
          hunt: { id: hunt.id, name: hunt.name, completed_at: hunt.completed_at },
          statistics: {
            starting_balance: s.starting_balance,
            end_balance: s.winnings,
            profit,
            games_count: s.games_count,
            highest_multiplier_game: best,
          },
        },
      },
      hunt.completed_at ?? undefined,
    );
  }

  async tournamentWinner(tournamentId: number): Promise<Announcement | null> {
    const t = await this.tournaments.detail(tournamentId).catch(() => null);
    if (!t || !t.matches.length) return null;
    const lastRound = Math.max(...t.matches.map((m) => m.round));
    const final = t.matches.find((m) => m.round === lastRound);
    if (!final?.winner_name) return null;
    return this.make(
      'tournament.winner',
      {
        title: `${t.name}: ${final.winner_name} wins`,
        description: `${final.winner_name} won the final${final.slot1_name && final.slot2_name ? ` (${final.slot1_name} vs ${final.slot2_name})` : ''}.`,
        url: this.page(`/tournaments/${t.id}`),
        fields: [
          { name: 'Winner', value: final.winner_name },
          { name: 'Predictions', value: t.predictions_count.toLocaleString('en-US') },
        ],
        data: { tournament: { id: t.id, name: t.name, size: t.size, completed_at: t.completed_at }, winner: final.winner_name },
      },
      t.completed_at ?? undefined,
    );
  }

  /** A finished race's paid places, as its public page shows them (masked names); none for a hidden or cancelled race. */
  async raceWinners(raceId: number): Promise<Announcement | null> {
    const detail = await this.races.detail(raceId, null).catch(() => null);
    if (!detail || detail.race.status !== 'finished') return null;
    const { race } = detail;
    const paid = detail.standings.filter((s) => s.prize !== null);
    if (!paid.length) return null;
    const line = (s: (typeof paid)[number]) => `#${s.rank} ${s.displayName}: ${racePrizeLabel(s.prize!, race.currency_symbol)}`;
    return this.make(
      'race.winners',
      {
        title: `Race winners: ${race.title}`,
        description: `Congratulations to ${listNames(paid.map((s) => s.displayName))}!`,
        url: this.page(`/races/${race.id}`),
        fields: [
          { name: paid.length === 1 ? 'Winner' : 'Winners', value: paid.map(line).join('\n') },
          { name: 'Casino', value: race.platform.name },
          { name: 'Ended', value: utc(race.ends_at) },
        ],
        data: {
          race: { id: race.id, title: race.title, platform: race.platform.slug, starts_at: race.starts_at, ends_at: race.ends_at },
          winners: paid.map((s) => ({ place: s.rank, name: s.displayName, wagered: s.wagered, prize: s.prize })),
        },
      },
      race.ends_at,
    );
  }

  async streamLive(startedAt: string): Promise<Announcement> {
    const site = await this.site.getPublic();
    const channel = site.kick_channel_slug ? `https://kick.com/${site.kick_channel_slug}` : this.config.appOrigin;
    return this.make(
      'stream.live',
      {
        title: `${site.site_name} is live on Kick`,
        description: 'The stream has started: come and watch, chat and earn points.',
        url: this.config.appOrigin,
        fields: [
          { name: 'Watch', value: channel },
          { name: 'Started', value: utc(startedAt) },
        ],
        data: { started_at: startedAt, channel_url: channel, site_url: this.config.appOrigin },
      },
      startedAt,
    );
  }
}
