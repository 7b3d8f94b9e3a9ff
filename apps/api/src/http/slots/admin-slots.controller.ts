import { Body, Controller, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Readable } from 'node:stream';
import type { Request } from 'express';
import {
  SLOT_TEXTS,
  adminCatalogueSlotCreateSchema,
  adminCatalogueSlotUpdateSchema,
  adminCatalogueSlotsQuerySchema,
  slotImportQuerySchema,
  type AdminCatalogueSlotCreate,
  type AdminCatalogueSlotUpdate,
  type AdminCatalogueSlotsQuery,
  type SlotImportQuery,
} from '@kickback/contracts';
import { CurrentUser, Roles, ok, paged, zodPipe, type SessionUser, RowIdParam } from '@kickback/platform';
import { SlotCatalogueAdminService } from '@kickback/domain';
import { ReadsRawBody } from '../../security/declared-input';
import { importFileBody, readingUpload, refuseBodyFields } from '../points-import/import-file-body';

/** The query and the file of an upload, refused in the order a caller can fix them (as the points import does). */
function upload(query: unknown, req: Request): [SlotImportQuery, Readable] {
  refuseBodyFields(req);
  return [zodPipe(slotImportQuerySchema).transform(query) as SlotImportQuery, importFileBody(req)];
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The slot catalogue with its facts: list, add, edit, and import a CSV or JSON file (dry run, then apply). */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/slots')
export class AdminSlotsController {
  constructor(private readonly catalogue: SlotCatalogueAdminService) {}

  @Get()
  async list(@Query(zodPipe(adminCatalogueSlotsQuerySchema)) query: AdminCatalogueSlotsQuery) {
    return paged(await this.catalogue.list(query.search, query.page));
  }

  @Post()
  async create(@CurrentUser() actor: SessionUser, @Body(zodPipe(adminCatalogueSlotCreateSchema)) body: AdminCatalogueSlotCreate) {
    return ok(await this.catalogue.create(actor.id, body), SLOT_TEXTS.created);
  }

  @Put(':id')
  async update(
    @CurrentUser() actor: SessionUser,
    @RowIdParam(SLOT_TEXTS.notFound) id: number,
    @Body(zodPipe(adminCatalogueSlotUpdateSchema)) body: AdminCatalogueSlotUpdate,
  ) {
    return ok(await this.catalogue.update(actor.id, id, body), SLOT_TEXTS.saved);
  }

  /** Reads the file (the request body) and shows what applying it would do; writes nothing. */
  @Post('import/dry-run')
  @HttpCode(200)
  @ReadsRawBody()
  @ApiConsumes('text/csv', 'text/plain')
  async dryRun(@Query() query: unknown, @Req() req: Request) {
    return ok(await readingUpload(req, () => this.catalogue.dryRun(...upload(query, req))));
  }

  @Post('import')
  @HttpCode(200)
  @ReadsRawBody()
  @ApiConsumes('text/csv', 'text/plain')
  async apply(@CurrentUser() actor: SessionUser, @Query() query: unknown, @Req() req: Request) {
    const result = await readingUpload(req, () => this.catalogue.apply(actor.id, ...upload(query, req)));
    return ok(
      result,
      result.created || result.changed
        ? `Imported: ${count(result.created, 'slot', 'slots')} added, ${count(result.changed, 'slot', 'slots')} changed, ${result.unchanged.toLocaleString('en-US')} unchanged.`
        : 'The catalogue already has these slots as the file describes them; nothing changed.',
    );
  }
}
