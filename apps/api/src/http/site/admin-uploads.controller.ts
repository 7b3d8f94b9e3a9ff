import 'multer';
import { Controller, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { CurrentUser, ImageUploadService, MAX_IMAGE_BYTES, Roles, ok, unprocessable, type SessionUser } from '@kickback/platform';

/** Public images for admin-managed content (logos, item and raffle images). */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/uploads')
export class AdminUploadsController {
  constructor(private readonly images: ImageUploadService) {}

  @Post()
  @Throttle({ default: { limit: 60, ttl: 60_000 } })
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } }))
  async upload(@CurrentUser() user: SessionUser, @UploadedFile() file: Express.Multer.File | undefined) {
    if (!file) throw unprocessable('Choose an image to upload.', { file: ['Choose an image to upload.'] });
    const { path: _path, ...image } = await this.images.store(file.buffer, file.originalname, 'public', `user:${user.id}`);
    return ok(image, 'Image uploaded.');
  }
}
