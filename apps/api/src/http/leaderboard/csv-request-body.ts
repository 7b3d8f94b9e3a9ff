import { HttpStatus } from '@nestjs/common';
import type { Request } from 'express';
import { csvImportSchema } from '@kickback/contracts';
import { ApiError, zodPipe } from '@kickback/platform';

/** A month of a big casino can be 50,000+ players: CSV files are read raw, above the global JSON body limit. */
export const MAX_CSV_BYTES = 10 * 1024 * 1024;

/**
 * The CSV of an import: a `text/csv` body read here with its own size limit, or (small files,
 * scripts) a JSON body `{ csv }` validated by the contract.
 */
export async function csvFromRequest(req: Request): Promise<string> {
  if (!req.is('text/csv') && !req.is('text/plain')) return zodPipe(csvImportSchema).transform(req.body).csv;
  const tooLarge = () => new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, 'The CSV is larger than 10 MB.');
  if (Number(req.get('content-length') ?? 0) > MAX_CSV_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  // Past the limit the rest is drained unread, so the client still gets the 413 answer.
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_CSV_BYTES) chunks.push(chunk);
  }
  if (size > MAX_CSV_BYTES) throw tooLarge();
  return zodPipe(csvImportSchema).transform({ csv: Buffer.concat(chunks).toString('utf8') }).csv;
}
