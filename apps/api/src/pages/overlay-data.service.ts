import { Injectable } from '@nestjs/common';
import { joinCommand, type CurrentHuntData, type LeaderboardData, type OverlayData, type OverlayKind } from '@kickback/contracts';
import { AppConfig } from '@kickback/platform';
import {
  AdminActivityService,
  BonusHuntsService,
  FeaturedRaffleService,
  FeaturedTournamentService,
  FeaturedLeaderboardService,
  FeaturedRaceService,
  LeaderboardReadService,
  PollsService,
  RacesReadService,
  RafflesQueryService,
  SlotRequestsService,
  TournamentsService,
} from '@kickback/domain';

/** The last entrants a raffle overlay starts with (later ones arrive by raffle:entries). */
const RAFFLE_ENTRANTS_SHOWN = 8;

/**
 * What each overlay starts from, read through each feature's public service, as an anonymous visitor would
 * see it (no member, no private fields). The overlay then follows its rooms' pushes.
 */
@Injectable()
export class OverlayDataService {
  constructor(
    private readonly hunts: BonusHuntsService,
    private readonly raffles: RafflesQueryService,
    private readonly featured: FeaturedRaffleService,
    private readonly tournaments: TournamentsService,
    private readonly featuredTournament: FeaturedTournamentService,
    private readonly leaderboard: LeaderboardReadService,
    private readonly featuredLeaderboard: FeaturedLeaderboardService,
    private readonly config: AppConfig,
    private readonly activity: AdminActivityService,
    private readonly featuredRace: FeaturedRaceService,
    private readonly races: RacesReadService,
    private readonly polls: PollsService,
    private readonly slotRequests: SlotRequestsService,
  ) {}

  async build(kind: OverlayKind): Promise<OverlayData> {
    switch (kind) {
      case 'hunt':
        return { kind, hunt: (JSON.parse(await this.hunts.currentAnswer(null)) as { data: CurrentHuntData }).data };
      case 'raffle':
        return this.raffle();
      case 'tournament':
        return this.tournament();
      case 'leaderboard': {
        const [leaderboard, featured, race] = await Promise.all([this.leaderboardData(), this.featuredLeaderboard.platform(), this.race()]);
        return { kind, leaderboard, platform: featured?.slug ?? null, race };
      }
      case 'alerts':
        return { kind };
      case 'race':
        return { kind, race: await this.race() };
      case 'poll':
        return { kind, poll: await this.polls.current(null) };
      case 'next-up':
        return { kind, ...(await this.slotRequests.nextUp()) };
    }
  }

  /**
   * The raffle on stream, exactly what Go live shows (chosen, else the newest taking entries; a raffle drawn on stream
   * stays with its winners until the streamer moves on), else none.
   */
  private async raffle(): Promise<OverlayData> {
    const featuredId = await this.featured.raffleId();
    const join_command = await this.joinCommand();
    if (featuredId === null) return { kind: 'raffle', raffle: null, entries: [], verify_url: null, join_command };
    const raffle = await this.raffles.get(featuredId, null);
    const { data: entries } = await this.raffles.entries(raffle.id, { order: 'newest', limit: RAFFLE_ENTRANTS_SHOWN, search: '' });
    return { kind: 'raffle', raffle, entries, verify_url: `${this.config.appOrigin}/raffles/${raffle.id}`, join_command };
  }

  /** The chat keyword that enters the raffle on stream, as viewers type it; null while chat commands are off. */
  private async joinCommand(): Promise<string | null> {
    return joinCommand(await this.activity.rules());
  }

  /** The tournament on stream (chosen on Go live, else the newest active one), else none. */
  private async tournament(): Promise<OverlayData> {
    const id = await this.featuredTournament.tournamentId();
    if (id === null) return { kind: 'tournament', tournament: null };
    return { kind: 'tournament', tournament: (await this.tournaments.page(id)).tournament };
  }

  /** The race on stream as its public page shows it (no member's own place), else none. */
  private async race() {
    const id = await this.featuredRace.raceId();
    return id === null ? null : this.races.detail(id, null).catch(() => null);
  }

  private async leaderboardData(): Promise<LeaderboardData | null> {
    const body = JSON.parse((await this.leaderboard.currentAnswer()).json) as { data?: LeaderboardData };
    return body.data ?? null;
  }
}
