import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  featuredLeaderboardSchema,
  featuredRaceSchema,
  featuredRaffleSchema,
  featuredTournamentSchema,
  type FeaturedItems,
} from '@kickback/contracts';
import { CurrentUser, GoLive, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { FeaturedLeaderboardService, FeaturedRaceService, FeaturedRaffleService, FeaturedTournamentService } from '@kickback/domain';

/** What is on stream: Go live reads and sets it; the overlays and chat commands follow it. */
@ApiTags('admin')
@GoLive()
@Controller('api/admin/featured')
export class AdminFeaturedController {
  constructor(
    private readonly raffle: FeaturedRaffleService,
    private readonly tournament: FeaturedTournamentService,
    private readonly leaderboard: FeaturedLeaderboardService,
    private readonly race: FeaturedRaceService,
  ) {}

  @Get()
  async current() {
    return ok(await this.featured());
  }

  @Put('raffle')
  async chooseRaffle(@CurrentUser() actor: SessionUser, @Body(zodPipe(featuredRaffleSchema)) body: { id: number }) {
    await this.raffle.choose(actor.id, body.id);
    return ok(await this.featured(), 'The raffle is on stream now: the overlay, Go live and chat follow it.');
  }

  @Put('tournament')
  async chooseTournament(@CurrentUser() actor: SessionUser, @Body(zodPipe(featuredTournamentSchema)) body: { id: number }) {
    await this.tournament.choose(actor.id, body.id);
    return ok(await this.featured(), 'The tournament is on stream now: the bracket overlay and Go live follow it.');
  }

  @Put('leaderboard')
  async chooseLeaderboard(@CurrentUser() actor: SessionUser, @Body(zodPipe(featuredLeaderboardSchema)) body: { id: number }) {
    await this.leaderboard.choose(actor.id, body.id);
    return ok(await this.featured(), 'The leaderboard is on stream now: the leaderboard overlay shows it.');
  }

  @Put('race')
  async chooseRace(@CurrentUser() actor: SessionUser, @Body(zodPipe(featuredRaceSchema)) body: { id: number }) {
    await this.race.choose(actor.id, body.id);
    return ok(await this.featured(), 'The race is on stream now: the race overlay and the leaderboard overlay show it.');
  }

  private async featured(): Promise<FeaturedItems> {
    const [raffle, tournament, leaderboard, race] = await Promise.all([
      this.raffle.raffleId(),
      this.tournament.tournamentId(),
      this.leaderboard.platform(),
      this.race.raceId(),
    ]);
    return { raffle, tournament, leaderboard: leaderboard?.id ?? null, race };
  }
}
