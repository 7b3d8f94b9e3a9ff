import { HttpStatus } from '@nestjs/common';
import { Transform, type Readable } from 'node:stream';
import type { Request } from 'express';
import { POINTS_IMPORT_MAX_BYTES } from '@kickback/contracts';
import { ApiError } from '@kickback/platform';

const tooLarge = () =>
  new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, 'The file is larger than 10 MB.', { file: ['The file is larger than 10 MB.'] });

/**
 * The import file is the request body, sent as text (CSV, or StreamElements' JSON as text/plain so the JSON body
 * parser leaves it alone) and read as a stream: the parser takes it record by record, never the whole body at once.
 * Past the size limit the stream fails with 413 and the rest of the upload is drained unread, so the client still
 * gets the answer.
 */
export function importFileBody(req: Request): Readable {
  if (!req.is('text/csv') && !req.is('text/plain')) {
    throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'Send the file as text/csv or text/plain.', {
      file: ['Send the file as text/csv or text/plain.'],
    });
  }
  if (Number(req.get('content-length') ?? 0) > POINTS_IMPORT_MAX_BYTES) throw tooLarge();
  let size = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > POINTS_IMPORT_MAX_BYTES ? tooLarge() : null, chunk);
    },
  });
  req.once('error', (err) => limited.destroy(err));
  limited.once('error', () => req.resume());
  return req.pipe(limited);
}
