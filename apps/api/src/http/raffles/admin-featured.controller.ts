import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { featuredRaffleSchema, type FeaturedItems } from '@kickback/contracts';
import { CurrentUser, Roles, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { FeaturedRaffleService } from '@kickback/domain';

/** What is on stream: Go live reads and sets it; the overlays and chat commands follow it. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/featured')
export class AdminFeaturedController {
  constructor(private readonly raffle: FeaturedRaffleService) {}

  @Get()
  async current() {
    const featured: FeaturedItems = { raffle: await this.raffle.raffleId() };
    return ok(featured);
  }

  @Put('raffle')
  async chooseRaffle(@CurrentUser() actor: SessionUser, @Body(zodPipe(featuredRaffleSchema)) body: { id: number }) {
    const featured: FeaturedItems = { raffle: await this.raffle.choose(actor.id, body.id) };
    return ok(featured, 'The raffle is on stream now: the overlay, Go live and chat follow it.');
  }
}
