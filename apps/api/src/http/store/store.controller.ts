import { Controller, Get, Headers, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { idempotencyKeySchema, storeQuerySchema, type StoreQuery } from '@kickback/contracts';
import { Authenticated, CurrentUser, ok, unprocessable, zodPipe, type SessionUser, RowIdParam } from '@kickback/platform';
import { STORE_MESSAGES, StoreCatalogService, StoreRedemptionService } from '@kickback/domain';

/** SPEC §7 store calls: the store page (public, personal when logged in) and redeeming. */
@ApiTags('store')
@Controller('api/r/store')
export class StoreController {
  constructor(
    private readonly catalog: StoreCatalogService,
    private readonly redemptions: StoreRedemptionService,
  ) {}

  @Get()
  async page(@CurrentUser() user: SessionUser | null, @Query(zodPipe(storeQuerySchema)) query: StoreQuery) {
    return ok(await this.catalog.page(user?.id ?? null, query));
  }

  @Post(':id/redeem')
  @HttpCode(200)
  @Authenticated()
  async redeem(
    @CurrentUser() user: SessionUser,
    @RowIdParam('Item not found.') id: number,
    @Headers('idempotency-key') rawKey: string | undefined,
  ) {
    let key: string | null = null;
    if (rawKey !== undefined && rawKey !== '') {
      const parsed = idempotencyKeySchema.safeParse(rawKey);
      if (!parsed.success) throw unprocessable(parsed.error.issues[0].message, { 'Idempotency-Key': [parsed.error.issues[0].message] });
      key = parsed.data;
    }
    const result = await this.redemptions.redeem(user.id, id, key);
    return ok(result, STORE_MESSAGES.redeemed);
  }
}
