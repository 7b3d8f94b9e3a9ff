import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import type { UploadedImage } from '@kickback/contracts';
import { AppConfig } from '../config/app-config';
import { tooManyRequests, unprocessable } from '../http/api-errors';
import { WorkPool, OwnerBusyError } from '../concurrency/work-pool';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
/** Read from the header before anything is decoded: a decode costs by shape (rows, pixels), not by file size. */
export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_PIXELS = 40_000_000;
const MAX_OUTPUT_SIDE = 1600;
export const IMAGE_BUSY_MESSAGE = 'Your previous image is still being processed. Please try again in a moment.';

export type ImageVisibility = 'public' | 'private';

/**
 * Trusts the bytes, not the name or the declared type: detects the format from content, checks the dimensions the
 * header declares, re-encodes through sharp (which drops metadata such as GPS) and stores under a name we chose.
 * Decoding runs in a bounded pool, each image on one libvips thread, with one image per member at a time: uploads
 * never take more than IMAGE_DECODE_CONCURRENCY cores.
 */
@Injectable()
export class ImageUploadService {
  private fileTypeFromBuffer?: (buf: Uint8Array) => Promise<{ mime: string } | undefined>;
  private readonly pool: WorkPool;

  constructor(private readonly config: AppConfig) {
    sharp.concurrency(1);
    this.pool = new WorkPool(config.env.IMAGE_DECODE_CONCURRENCY);
  }

  get root(): string {
    return resolve(this.config.env.UPLOAD_DIR);
  }

  /** `owner` names who uploads (a member): one of their images is decoded at a time, a second one meanwhile is a 429. */
  async store(buffer: Buffer, originalName: string, visibility: ImageVisibility, owner: string): Promise<UploadedImage & { path: string }> {
    const field = 'file';
    const refuse = (message: string) => unprocessable(message, { [field]: [message] });
    if (buffer.length > MAX_IMAGE_BYTES) throw refuse(`File ${originalName} is too large (max 5MB)`);
    const detected = await this.detect(buffer);
    if (!detected || !ACCEPTED.has(detected.mime)) throw refuse(`File ${originalName} is not an image`);
    const header = await sharp(buffer, { limitInputPixels: false, animated: false })
      .metadata()
      .catch(() => null);
    if (!header?.width || !header.height) throw refuse(`File ${originalName} is not an image`);
    const height = header.pageHeight ?? header.height;
    if (header.width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || header.width * height > MAX_IMAGE_PIXELS)
      throw refuse(
        `File ${originalName} is too large (${header.width}×${height} pixels; max ${MAX_IMAGE_SIDE} pixels a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels)`,
      );
    let output: { data: Buffer; info: OutputInfo };
    try {
      output = await this.pool.run(owner, () =>
        sharp(buffer, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
          .rotate()
          .resize({ width: MAX_OUTPUT_SIDE, height: MAX_OUTPUT_SIDE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 85 })
          .toBuffer({ resolveWithObject: true }),
      );
    } catch (err) {
      if (err instanceof OwnerBusyError) throw tooManyRequests(IMAGE_BUSY_MESSAGE);
      throw refuse(`File ${originalName} is not an image`);
    }
    const name = `${randomUUID()}.webp`;
    const dir = join(this.root, visibility);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, name), output.data, { mode: 0o640 });
    return {
      url: visibility === 'public' ? `/uploads/${name}` : name,
      path: join(dir, name),
      width: output.info.width,
      height: output.info.height,
      bytes: output.info.size,
    };
  }

  publicPath(name: string): string | null {
    return /^[0-9a-f-]{36}\.webp$/.test(name) ? join(this.root, 'public', name) : null;
  }

  privatePath(name: string): string | null {
    return /^[0-9a-f-]{36}\.webp$/.test(name) ? join(this.root, 'private', name) : null;
  }

  private async detect(buffer: Buffer): Promise<{ mime: string } | undefined> {
    if (!this.fileTypeFromBuffer) {
      // file-type is ESM-only; Node 20.19+ loads it through the require() swc emits for import(), jest through its transform.
      const mod = (await import('file-type')) as unknown as { fileTypeFromBuffer: NonNullable<ImageUploadService['fileTypeFromBuffer']> };
      this.fileTypeFromBuffer = mod.fileTypeFromBuffer;
    }
    return this.fileTypeFromBuffer(buffer);
  }
}
