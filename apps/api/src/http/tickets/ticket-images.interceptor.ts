import 'multer';
import { type CallHandler, type ExecutionContext, type NestInterceptor, type Type, mixin } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { imageTooLarge } from '@kickback/contracts';
import { MAX_IMAGE_BYTES, unprocessable } from '@kickback/platform';

/**
 * The multipart file field: `images`, `images[]`, or indexed as SPEC §7 names them (`images[0]` … one
 * index below the request's limit), so `images[5]` on a ticket (five images at most) is an unexpected field.
 */
export function isImageField(name: string, max: number): boolean {
  if (name === 'images' || name === 'images[]') return true;
  const indexed = /^images\[(\d{1,2})\]$/.exec(name);
  return indexed !== null && Number(indexed[1]) < max;
}
const CURRENT = Symbol('ticket-image-current');

/**
 * Reads up to `max` images into memory (FilesInterceptor would answer 413/400 with multer's own words):
 * one file more than allowed or one byte too many becomes the SPEC's 422 per field.
 */
export function TicketImagesInterceptor(max: number, tooMany: string): Type<NestInterceptor> {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_IMAGE_BYTES, files: max, fields: 10, fieldSize: 64 * 1024, parts: max + 10 },
    fileFilter: (req, file, cb) => {
      // Remembered so a size error can name the file multer was reading.
      (req as unknown as Record<symbol, string>)[CURRENT] = file.originalname;
      if (!isImageField(file.fieldname, max)) return cb(unprocessable('Unexpected file field.', { images: ['Unexpected file field.'] }));
      cb(null, true);
    },
  }).any();

  class Interceptor implements NestInterceptor {
    async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const req = ctx.switchToHttp().getRequest<Request>();
      const res = ctx.switchToHttp().getResponse<Response>();
      await new Promise<void>((resolve, reject) =>
        upload(req, res, (err: unknown) => {
          if (!err) return resolve();
          if (err instanceof multer.MulterError) {
            if (err.code === 'LIMIT_FILE_COUNT') return reject(unprocessable(tooMany, { images: [tooMany] }));
            if (err.code === 'LIMIT_FILE_SIZE') {
              const message = imageTooLarge((req as unknown as Record<symbol, string>)[CURRENT] ?? 'upload');
              return reject(unprocessable(message, { images: [message] }));
            }
            return reject(unprocessable('The upload could not be read.', { images: [err.message] }));
          }
          reject(err);
        }),
      );
      return next.handle();
    }
  }
  return mixin(Interceptor);
}

/** The uploaded images of a request that went through TicketImagesInterceptor. */
export const uploadedImages = (req: Request): Express.Multer.File[] => (Array.isArray(req.files) ? req.files : []);
