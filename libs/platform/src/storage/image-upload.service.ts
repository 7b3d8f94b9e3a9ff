import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import type { UploadedImage } from '@kickback/contracts';
import { AppConfig } from '../config/app-config';
import { unprocessable } from '../http/api-errors';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
const MAX_PIXELS = 40_000_000;

export type ImageVisibility = 'public' | 'private';

/**
 * Trusts the bytes, not the name or the declared type: detects the format from content,
 * re-encodes through sharp (which drops metadata such as GPS) and stores under a name we chose.
 */
@Injectable()
export class ImageUploadService {
  private fileTypeFromBuffer?: (buf: Uint8Array) => Promise<{ mime: string } | undefined>;

  constructor(private readonly config: AppConfig) {}

  get root(): string {
    return resolve(this.config.env.UPLOAD_DIR);
  }

  async store(
    buffer: Buffer,
    originalName: string,
    visibility: ImageVisibility = 'public',
    maxDimension = 1600,
  ): Promise<UploadedImage & { path: string }> {
    const field = 'file';
    if (buffer.length > MAX_IMAGE_BYTES)
      throw unprocessable(`File ${originalName} is too large (max 5MB)`, { [field]: [`File ${originalName} is too large (max 5MB)`] });
    const detected = await this.detect(buffer);
    if (!detected || !ACCEPTED.has(detected.mime)) {
      throw unprocessable(`File ${originalName} is not an image`, { [field]: [`File ${originalName} is not an image`] });
    }
    let output: { data: Buffer; info: OutputInfo };
    try {
      output = await sharp(buffer, { limitInputPixels: MAX_PIXELS, animated: false })
        .rotate()
        .resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw unprocessable(`File ${originalName} is not an image`, { [field]: [`File ${originalName} is not an image`] });
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
