import { Body, Controller, UseGuards, Get, Header, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { huntPageQuerySchema, huntPredictionSchema, huntSearchQuerySchema, type HuntPredictionInput } from '@kickback/contracts';
import { CurrentUser, ok, unauthorized, zodPipe, type SessionUser, paged, RowIdParam } from '@kickback/platform';
import { HuntPredictionsService, BonusHuntsService } from '@kickback/domain';
import { GamblingContentGuard } from '../safety/gambling-content.guard';

/** SPEC §7 bonus hunt calls; anyone may read, members predict. */
@ApiTags('bonus-hunts')
// Hidden from members on a break and from viewers who answered the age question "No".
@UseGuards(GamblingContentGuard)
@Controller('api/r/bonus-hunts')
export class BonusHuntsController {
  constructor(
    private readonly hunts: BonusHuntsService,
    private readonly predictions: HuntPredictionsService,
  ) {}

  /** Sent as serialised by the service: the shared part comes from one cached answer. */
  @Get('current')
  @Header('content-type', 'application/json; charset=utf-8')
  async current(@CurrentUser() user: SessionUser | null): Promise<string> {
    return this.hunts.currentAnswer(user?.id ?? null);
  }

  @Get('stats')
  async stats() {
    return ok(await this.hunts.stats());
  }

  @Get('history')
  async history(@Query(zodPipe(huntPageQuerySchema)) query: { page: number }) {
    return paged(await this.hunts.history(query.page));
  }

  @Get(':id/predictions')
  async list(@RowIdParam('Bonus hunt not found.') id: number, @Query(zodPipe(huntPageQuerySchema)) query: { page: number }) {
    return paged(await this.hunts.predictions(id, query.page));
  }

  @Get(':huntId/predictions/search')
  async search(
    @RowIdParam('Bonus hunt not found.', 'huntId') huntId: number,
    @Query(zodPipe(huntSearchQuerySchema)) query: { username: string },
  ) {
    const found = await this.hunts.search(huntId, query.username);
    if (!found) return { success: false as const, data: null, message: `No prediction found for ${query.username}` };
    return ok(found, 'Prediction found');
  }

  @Post(':huntId/predict')
  @HttpCode(200)
  async predict(
    @CurrentUser() user: SessionUser | null,
    @RowIdParam('Bonus hunt not found.', 'huntId') huntId: number,
    @Body(zodPipe(huntPredictionSchema)) body: HuntPredictionInput,
  ) {
    // SPEC §8 wording rather than the generic 401 text.
    if (!user) throw unauthorized('Please log in to make predictions');
    const result = await this.predictions.predict(huntId, user.id, body);
    return ok(
      { id: result.id, created: result.created },
      result.created ? 'Prediction submitted successfully!' : 'Prediction updated successfully!',
    );
  }
}
