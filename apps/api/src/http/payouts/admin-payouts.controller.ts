import 'multer';
import { Body, Controller, Get, Header, HttpCode, Post, Put, Query, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiTags } from '@nestjs/swagger';
import {
  PAYOUT_MESSAGES,
  adminPayoutsQuerySchema,
  payoutBulkApproveSchema,
  payoutSettingsUpdateSchema,
  payoutTransitionSchema,
  type AdminPayoutsQuery,
  type PayoutBulkApprove,
  type PayoutSettingsUpdate,
  type PayoutTransition,
} from '@kickback/contracts';
import {
  CurrentUser,
  ImageUploadService,
  MAX_IMAGE_BYTES,
  Roles,
  ok,
  paged,
  unprocessable,
  zodPipe,
  type SessionUser,
  RowIdParam,
} from '@kickback/platform';
import { PayoutAdminService } from '@kickback/domain';

/** The payout queue: filters, compare-and-set status moves, bulk approval, proof screenshots, the CSV export, settings. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/payouts')
export class AdminPayoutsController {
  constructor(
    private readonly admin: PayoutAdminService,
    private readonly images: ImageUploadService,
  ) {}

  @Get()
  async list(@Query(zodPipe(adminPayoutsQuerySchema)) query: AdminPayoutsQuery) {
    const list = await this.admin.list(query);
    return paged(list, { overdue_total: list.overdue_total, promise_hours: list.promise_hours });
  }

  /** The ledger with the queue's filters (the page is ignored: every matching row), streamed as it is read. */
  @Get('export.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="payouts.csv"')
  exportCsv(@Query(zodPipe(adminPayoutsQuerySchema)) query: AdminPayoutsQuery) {
    const { page: _page, ...filters } = query;
    return new StreamableFile(this.admin.exportCsv(filters));
  }

  @Get('settings')
  async settings() {
    return ok(await this.admin.settings());
  }

  @Put('settings')
  async updateSettings(@CurrentUser() user: SessionUser, @Body(zodPipe(payoutSettingsUpdateSchema)) body: PayoutSettingsUpdate) {
    return ok(await this.admin.updateSettings(user.id, body), PAYOUT_MESSAGES.settingsSaved);
  }

  @Post('bulk-approve')
  @HttpCode(200)
  async bulkApprove(@CurrentUser() user: SessionUser, @Body(zodPipe(payoutBulkApproveSchema)) body: PayoutBulkApprove) {
    const result = await this.admin.bulkApprove(user.id, body.ids);
    return ok(result, PAYOUT_MESSAGES.bulkApproved(result.approved.length, result.skipped.length));
  }

  @Post(':id/status')
  @HttpCode(200)
  async transition(
    @CurrentUser() user: SessionUser,
    @RowIdParam(PAYOUT_MESSAGES.notFound) id: number,
    @Body(zodPipe(payoutTransitionSchema)) body: PayoutTransition,
  ) {
    const payout = await this.admin.transition(user.id, id, body);
    return ok(payout, PAYOUT_MESSAGES.updated(id, payout.status));
  }

  /** A proof screenshot: checked by its bytes and re-encoded (ImageUploadService), kept private, attached to the payout. */
  @Post(':id/proof-image')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } }))
  async proofImage(
    @CurrentUser() user: SessionUser,
    @RowIdParam(PAYOUT_MESSAGES.notFound) id: number,
    @UploadedFile() file: Express.Multer.File | undefined,
  ) {
    if (!file) throw unprocessable(PAYOUT_MESSAGES.proofImageMissing, { file: [PAYOUT_MESSAGES.proofImageMissing] });
    const image = await this.images.store(file.buffer, file.originalname, 'private', `user:${user.id}`);
    return ok(await this.admin.attachProofImage(user.id, id, image.url), PAYOUT_MESSAGES.proofUploaded);
  }
}
