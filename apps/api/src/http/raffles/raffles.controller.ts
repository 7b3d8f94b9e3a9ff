import { Body, Controller, Get, Headers, HttpCode, Ip, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { raffleEnterSchema, raffleEntriesQuerySchema, type RaffleEnterRequest, type RaffleEntriesQuery } from '@kickback/contracts';
import { CurrentUser, ok, tooManyRequests, unauthorized, zodPipe, type SessionUser, RowIdParam } from '@kickback/platform';
import { RaffleClaimsService, RaffleEntryService, RafflesQueryService } from '@kickback/domain';
import { IDEMPOTENCY_KEY } from './raffle-enter-options';
import { RaffleEnterLimiter } from './raffle-enter-limiter';

/**
 * SPEC §7 raffle calls. Reading is public; entering checks login itself to answer with the SPEC §5 message.
 * The raffle page enters over its socket instead when connected (RafflesGateway): same service, same answers.
 */
@ApiTags('raffles')
@Controller('api/r/raffles')
export class RafflesController {
  constructor(
    private readonly raffles: RafflesQueryService,
    private readonly entries: RaffleEntryService,
    private readonly limiter: RaffleEnterLimiter,
    private readonly claims: RaffleClaimsService,
  ) {}

  @Get()
  async list(@CurrentUser() user: SessionUser | null) {
    return ok(await this.raffles.list(user?.id ?? null));
  }

  @Get(':id')
  async get(@CurrentUser() user: SessionUser | null, @RowIdParam('Raffle not found') id: number) {
    return ok(await this.raffles.get(id, user?.id ?? null));
  }

  /**
   * SPEC §7 `data` (entrants, each with their user), newest first, and the cursor of the next page beside it; the first
   * page also the raffle's weights, for win chances that count subscriber luck.
   */
  @Get(':id/entries')
  async listEntries(@RowIdParam('Raffle not found') id: number, @Query(zodPipe(raffleEntriesQuerySchema)) query: RaffleEntriesQuery) {
    const { data, cursor, weights } = await this.raffles.entries(id, query);
    return { success: true as const, data, cursor, ...(weights ? { weights } : {}) };
  }

  @Get(':id/verify')
  async verify(@RowIdParam('Raffle not found') id: number) {
    return ok(await this.raffles.verify(id));
  }

  // Its own budgets (RaffleEnterLimiter: per member, shared with the socket path, and per address) replace the global
  // one: one Redis round trip per entry instead of two. A visitor is refused before any I/O, so is never counted.
  @Post(':id/enter')
  @SkipThrottle()
  @HttpCode(200)
  async enter(
    @CurrentUser() user: SessionUser | null,
    @RowIdParam('Raffle not found') id: number,
    @Body(zodPipe(raffleEnterSchema)) body: RaffleEnterRequest,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Ip() address: string,
  ) {
    if (user && (await this.limiter.blocked(user.id, address))) throw tooManyRequests();
    const key = idempotencyKey && IDEMPOTENCY_KEY.test(idempotencyKey) ? idempotencyKey : undefined;
    const result = await this.entries.enter(user?.id ?? null, id, body, key);
    return ok({ entry: result.entry }, result.message);
  }

  /** A winner claims their prize within the raffle's claim window; the page and the overlays see it at once. */
  @Post(':id/claim')
  @HttpCode(200)
  async claim(@CurrentUser() user: SessionUser | null, @RowIdParam('Raffle not found') id: number) {
    if (!user) throw unauthorized('Please log in to claim your prize');
    const message = await this.claims.claim(user.id, id);
    return ok(await this.raffles.get(id, user.id), message);
  }
}
