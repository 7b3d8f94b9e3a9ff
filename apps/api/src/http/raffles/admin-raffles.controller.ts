import { Body, Controller, Get, Header, HttpCode, Post, Put, Query, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  adminRaffleCreateSchema,
  adminRaffleRerollSchema,
  type AdminRaffleReroll,
  adminRaffleUpdateSchema,
  type AdminRaffleInput,
  type AdminRaffleUpdate,
} from '@kickback/contracts';
import { CurrentUser, GoLive, Roles, ok, zodPipe, type SessionUser, paged, RowIdParam } from '@kickback/platform';
import { AdminRafflesService, RaffleDrawService, RaffleRulesApplyService } from '@kickback/domain';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }).strict();

@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/raffles')
export class AdminRafflesController {
  constructor(
    private readonly raffles: AdminRafflesService,
    private readonly draws: RaffleDrawService,
    private readonly rules: RaffleRulesApplyService,
  ) {}

  @Get()
  @GoLive()
  async list(@Query(zodPipe(pageQuery)) query: { page: number }) {
    return paged(await this.raffles.list(query.page));
  }

  @Get(':id')
  @GoLive()
  async get(@RowIdParam('Raffle not found') id: number) {
    return ok(await this.raffles.get(id));
  }

  @Post()
  async create(@CurrentUser() actor: SessionUser, @Body(zodPipe(adminRaffleCreateSchema)) body: AdminRaffleInput) {
    const raffle = await this.raffles.create(actor.id, body);
    return ok(raffle, `${raffle.title} created.`);
  }

  @Put(':id')
  async update(
    @CurrentUser() actor: SessionUser,
    @RowIdParam('Raffle not found') id: number,
    @Body(zodPipe(adminRaffleUpdateSchema)) body: AdminRaffleUpdate,
  ) {
    const raffle = await this.raffles.update(actor.id, id, body);
    return ok(raffle, `${raffle.title} saved.`);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  async cancel(@CurrentUser() actor: SessionUser, @RowIdParam('Raffle not found') id: number) {
    const raffle = await this.raffles.cancel(actor.id, id);
    return ok(raffle, `${raffle.title} cancelled; any points spent on entries were refunded.`);
  }

  @Post(':id/draw')
  @GoLive()
  @HttpCode(200)
  async draw(@CurrentUser() actor: SessionUser, @RowIdParam('Raffle not found') id: number) {
    await this.draws.drawNow(actor.id, id);
    const raffle = await this.raffles.get(id);
    const count = raffle.winners.length;
    return ok(raffle, `${count} ${count === 1 ? 'winner' : 'winners'} drawn for ${raffle.title}.`);
  }

  @Post(':id/reroll')
  @GoLive()
  @HttpCode(200)
  async reroll(
    @CurrentUser() actor: SessionUser,
    @RowIdParam('Raffle not found') id: number,
    @Body(zodPipe(adminRaffleRerollSchema)) body: AdminRaffleReroll,
  ) {
    await this.draws.reroll(actor.id, id, body.position, body.reason?.trim() || null);
    const raffle = await this.raffles.get(id);
    return ok(raffle, `Winner #${body.position} of ${raffle.title} rerolled.`);
  }

  @Post(':id/apply-rules')
  @HttpCode(200)
  async applyRules(@CurrentUser() actor: SessionUser, @RowIdParam('Raffle not found') id: number) {
    const applied = await this.rules.apply(actor.id, id);
    const n = applied.taken_out;
    return ok(
      applied,
      n === 0
        ? 'Every entrant meets the rules; nobody was taken out.'
        : `${n} ${n === 1 ? 'entrant' : 'entrants'} taken out of the draw for not meeting the rules; points spent were refunded.`,
    );
  }

  @Get(':id/entries')
  async entries(@RowIdParam('Raffle not found') id: number, @Query(zodPipe(pageQuery)) query: { page: number }) {
    const list = await this.raffles.entries(id, query.page);
    return paged(list, { tickets_total: list.tickets_total });
  }

  @Get(':id/entries.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  async csv(@RowIdParam('Raffle not found') id: number) {
    return new StreamableFile(await this.raffles.entriesCsv(id));
  }
}
