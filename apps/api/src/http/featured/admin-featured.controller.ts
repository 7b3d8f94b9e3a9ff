import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { featuredLeaderboardSchema, featuredRaffleSchema, featuredTournamentSchema, type FeaturedItems } from '@kickback/contracts';
import { CurrentUser, GoLive, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { FeaturedLeaderboardService, FeaturedRaffleService, FeaturedTournamentService } from '@kickback/domain';

/** What is on stream: Go live reads and sets it; the overlays and chat commands follow it. */
@ApiTags('admin')
@GoLive()
@Controller('api/admin/featured')
export class AdminFeaturedController {
  constructor(
    private readonly raffle: FeaturedRaffleService,
    private readonly tournament: FeaturedTournamentService,
    private readonly leaderboard: FeaturedLeaderboardService,
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

  private async featured(): Promise<FeaturedItems> {
    const [raffle, tournament, leaderboard] = await Promise.all([
      this.raffle.raffleId(),
      this.tournament.tournamentId(),
      this.leaderboard.platform(),
    ]);
    return { raffle, tournament, leaderboard: leaderboard?.id ?? null };
  }
}
