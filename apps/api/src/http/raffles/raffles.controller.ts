import { Body, Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { raffleEnterSchema, type RaffleEnterRequest } from '@kickback/contracts';
import { CurrentUser, ok, zodPipe, type SessionUser, rowId } from '@kickback/platform';
import { RaffleEntryService, RafflesQueryService } from '@kickback/domain';
import { IDEMPOTENCY_KEY, RAFFLE_ENTER_LIMIT } from './raffle-enter-options';

/**
 * SPEC §7 raffle calls. Reading is public; entering checks login itself to answer with the SPEC §5 message.
 * The raffle page enters over its socket instead when connected (RaffleEnterGateway): same service, same answers.
 */
@ApiTags('raffles')
@Controller('api/r/raffles')
export class RafflesController {
  constructor(
    private readonly raffles: RafflesQueryService,
    private readonly entries: RaffleEntryService,
  ) {}

  @Get()
  async list(@CurrentUser() user: SessionUser | null) {
    return ok(await this.raffles.list(user?.id ?? null));
  }

  @Get(':id')
  async get(@CurrentUser() user: SessionUser | null, @Param('id', rowId('Raffle not found')) id: number) {
    return ok(await this.raffles.get(id, user?.id ?? null));
  }

  @Get(':id/entries')
  async listEntries(@Param('id', rowId('Raffle not found')) id: number) {
    return ok(await this.raffles.entries(id));
  }

  @Get(':id/verify')
  async verify(@Param('id', rowId('Raffle not found')) id: number) {
    return ok(await this.raffles.verify(id));
  }

  @Post(':id/enter')
  @HttpCode(200)
  @Throttle({ default: RAFFLE_ENTER_LIMIT })
  async enter(
    @CurrentUser() user: SessionUser | null,
    @Param('id', rowId('Raffle not found')) id: number,
    @Body(zodPipe(raffleEnterSchema)) body: RaffleEnterRequest,
    @Headers('idempotency-key') idempotencyKey?: string,
  ) {
    const key = idempotencyKey && IDEMPOTENCY_KEY.test(idempotencyKey) ? idempotencyKey : undefined;
    const result = await this.entries.enter(user?.id ?? null, id, body, key);
    return ok(undefined, result.message);
  }
}
