import { Body, Controller, Get, Headers, HttpCode, Param, ParseIntPipe, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { raffleEnterSchema, type RaffleEnterRequest } from '@kickback/contracts';
import { CurrentUser, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { RaffleEntryService, RafflesQueryService } from '@kickback/domain';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,80}$/;

/** SPEC §7 raffle calls. Reading is public; entering checks login itself to answer with the SPEC §5 message. */
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
  async get(@CurrentUser() user: SessionUser | null, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.raffles.get(id, user?.id ?? null));
  }

  @Get(':id/entries')
  async listEntries(@Param('id', ParseIntPipe) id: number) {
    return ok(await this.raffles.entries(id));
  }

  @Get(':id/verify')
  async verify(@Param('id', ParseIntPipe) id: number) {
    return ok(await this.raffles.verify(id));
  }

  @Post(':id/enter')
  @HttpCode(200)
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  async enter(
    @CurrentUser() user: SessionUser | null,
    @Param('id', ParseIntPipe) id: number,
    @Body(zodPipe(raffleEnterSchema)) body: RaffleEnterRequest,
    @Headers('idempotency-key') idempotencyKey?: string,
  ) {
    const key = idempotencyKey && IDEMPOTENCY_KEY.test(idempotencyKey) ? idempotencyKey : undefined;
    const result = await this.entries.enter(user?.id ?? null, id, body, key);
    return ok(undefined, result.message);
  }
}
