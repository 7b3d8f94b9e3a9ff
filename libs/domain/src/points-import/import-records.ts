import type { Readable } from 'node:stream';
import { POINTS_IMPORT_MAX_ROWS } from '@kickback/contracts';
import { ApiError, unprocessable } from '@kickback/platform';

const refused = (message: string) => unprocessable(message, { file: [message] });

/**
 * Hands each record of an import file to `add` and answers how many there were: a file over the row limit, one the
 * CSV reader cannot read (its own words say what and where) and one with no rows are refused under `file`. The
 * points and the slot catalogue imports share it.
 */
export async function readImportRecords<R>(records: AsyncIterable<R>, add: (record: R) => void): Promise<number> {
  let read = 0;
  try {
    for await (const record of records) {
      read += 1;
      if (read > POINTS_IMPORT_MAX_ROWS) throw refused(`At most ${POINTS_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows per import.`);
      add(record);
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw refused(`Unreadable CSV: ${(err as Error).message}`);
  }
  if (read === 0) throw refused('The file has no rows.');
  return read;
}

/**
 * A JSON import file, read whole: JSON has no record boundaries to stream on, and the request's size limit bounds
 * it. A leading byte-order mark is dropped; undefined when the file is no JSON at all.
 */
export async function readJsonFile(body: Readable): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  try {
    return JSON.parse(
      Buffer.concat(chunks)
        .toString('utf8')
        .replace(/^\ufeff/, ''),
    ) as unknown;
  } catch {
    return undefined;
  }
}
