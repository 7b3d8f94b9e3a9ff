import { Body, Controller, UseGuards, Get, Header, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { tournamentPredictSchema, type TournamentPredictInput } from '@kickback/contracts';
import { CurrentUser, ok, unauthorized, zodPipe, type SessionUser, RowIdParam } from '@kickback/platform';
import { TournamentPredictionsService, TournamentsService } from '@kickback/domain';
import { GamblingContentGuard } from '../safety/gambling-content.guard';

/** SPEC §7 tournament calls; anyone may read, members predict. */
@ApiTags('tournaments')
// Hidden from members on a break and from viewers who answered the age question "No".
@UseGuards(GamblingContentGuard)
@Controller('api/r/tournaments')
export class TournamentsController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly predictions: TournamentPredictionsService,
  ) {}

  @Get()
  async list() {
    return ok(await this.tournaments.list());
  }

  /** Sent as serialised by the service: the bracket and standings come from one cached answer. */
  @Get(':id')
  @Header('content-type', 'application/json; charset=utf-8')
  async detail(@CurrentUser() user: SessionUser | null, @RowIdParam('Tournament not found.') id: number): Promise<string> {
    return this.tournaments.pageAnswer(id, user?.id ?? null);
  }

  @Get(':id/predictions/:userId')
  async breakdown(@RowIdParam('Tournament not found.') id: number, @RowIdParam('User not found.', 'userId') userId: number) {
    return ok(await this.tournaments.breakdown(id, userId));
  }

  @Post(':id/predict')
  @HttpCode(200)
  async predict(@CurrentUser() user: SessionUser | null, @RowIdParam('Tournament not found.') id: number, @Body() body: unknown) {
    // SPEC §5 order: login is checked before the picks, with the SPEC §8 wording.
    if (!user) throw unauthorized('You must be logged in to make predictions');
    const input: TournamentPredictInput = zodPipe(tournamentPredictSchema).transform(body);
    const saved = await this.predictions.predict(id, user.id, input);
    // SPEC §7 answers success and message; data lets the page show the save without reading the tournament again.
    return { success: true as const, message: 'Predictions saved successfully!', data: saved };
  }
}
