import { Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { pointsImportQuerySchema, type PointsImportQuery } from '@kickback/contracts';
import { CurrentUser, Roles, ok, zodPipe, type SessionUser, paged, RowIdParam } from '@kickback/platform';
import { PointsImportService } from '@kickback/domain';
import { ReadsRawBody } from '../../security/declared-input';
import { importFileBody, readingUpload, refuseBodyFields } from './import-file-body';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }).strict();

/**
 * The query and the file of an upload, refused in the order a caller can fix them: fields sent as JSON instead of a
 * file, then the query (format and columns), then the body's type and size. The query is parsed here, after the body
 * check, so a JSON body's fields are named in the answer even when the query is missing too.
 */
function upload(query: unknown, req: Request): [PointsImportQuery, Readable] {
  refuseBodyFields(req);
  const parsed = zodPipe(pointsImportQuerySchema).transform(query) as PointsImportQuery;
  return [parsed, importFileBody(req)];
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Points imported from StreamElements or a CSV: dry run, apply (one idempotent batch), list and roll back. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/points-imports')
export class AdminPointsImportController {
  constructor(private readonly imports: PointsImportService) {}

  @Get()
  async list(@Query(zodPipe(pageQuery)) query: { page: number }) {
    return paged(await this.imports.list(query.page));
  }

  @Get(':id')
  async get(@RowIdParam('Import not found.') id: number) {
    return ok(await this.imports.get(id));
  }

  /** Reads the file (the request body) and shows what applying it would do; writes nothing. */
  @Post('dry-run')
  @HttpCode(200)
  @ReadsRawBody()
  @ApiConsumes('text/csv', 'text/plain')
  async dryRun(@Query() query: unknown, @Req() req: Request) {
    return ok(await readingUpload(req, () => this.imports.dryRun(...upload(query, req))));
  }

  @Post()
  @ReadsRawBody()
  @ApiConsumes('text/csv', 'text/plain')
  async apply(@CurrentUser() actor: SessionUser, @Query() query: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const result = await readingUpload(req, () => this.imports.apply(actor.id, ...upload(query, req)));
    const { batch } = result;
    if (!result.applied) {
      res.status(200);
      return ok(result, `These rows were already imported as import #${batch.id}; nothing changed.`);
    }
    return ok(
      result,
      `Imported ${plural(batch.total_points, 'point', 'points')} for ${plural(batch.rows, 'Kick name', 'Kick names')}: ` +
        `${plural(batch.credited, 'member', 'members')} credited, ${plural(batch.waiting, 'name waits', 'names wait')} for a first login.`,
    );
  }

  @Post(':id/rollback')
  @HttpCode(200)
  async rollback(@CurrentUser() actor: SessionUser, @RowIdParam('Import not found.') id: number) {
    const batch = await this.imports.rollback(actor.id, id);
    return ok(batch, `Import #${id} rolled back: ${plural(batch.credited, 'credit', 'credits')} taken back.`);
  }
}
