import { HttpStatus } from '@nestjs/common';
import { Transform, type Readable } from 'node:stream';
import type { Request } from 'express';
import { POINTS_IMPORT_MAX_BYTES } from '@kickback/contracts';
import { ApiError, INVALID_DATA_MESSAGE, MAX_ERROR_FIELDS, unprocessable } from '@kickback/platform';

const tooLarge = () =>
  new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, 'The file is larger than 10 MB.', { file: ['The file is larger than 10 MB.'] });

/**
 * A JSON or form body was parsed into fields before the route ran: each is unknown here (the file is the body
 * itself), refused per field like every route's undeclared input.
 */
export function refuseBodyFields(req: Request): void {
  const fields = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? Object.keys(req.body as object) : [];
  if (!fields.length) return;
  const message = 'Unknown field: send the file itself as the body (text/csv or text/plain).';
  throw unprocessable(INVALID_DATA_MESSAGE, Object.fromEntries(fields.slice(0, MAX_ERROR_FIELDS).map((field) => [field, [message]])));
}

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

/**
 * Runs the import's reading of the body and then reads what it left of the upload (a file refused before its end: too
 * many rows, an unreadable record), so the answer reaches the client and the next request on the keep-alive
 * connection is read as a request. Draining stops at the size limit: past it the connection is closed.
 */
export async function readingUpload<T>(req: Request, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } finally {
    drainUnread(req);
  }
}

function drainUnread(req: Request): void {
  if (req.readableEnded || req.destroyed) return;
  req.unpipe();
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > POINTS_IMPORT_MAX_BYTES) req.socket.destroy();
  });
  req.resume();
}
