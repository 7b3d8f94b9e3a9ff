import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';

export type CsvCell = string | number | bigint | null | undefined;

/**
 * The one way CSV is written (exports): csv-stringify's stream behind a header row, CRLF line ends (RFC 4180), and
 * cells that start like a spreadsheet formula (=, +, -, @, tab) written as text, so a member's name cannot run in the
 * admin's spreadsheet. Records are pulled from `records` only as fast as the reader takes the file, so an export of
 * any length holds a few records in memory; a reader that goes away ends `records` (its `finally` runs).
 */
export function csvStream(header: readonly string[], records: AsyncIterable<CsvCell[]> | Iterable<CsvCell[]>): Readable {
  // A line break of either kind inside a cell is quoted, not only the CRLF the records end with.
  const out = stringify({ record_delimiter: '\r\n', quoted_match: /[\r\n]/, escape_formulas: true });
  return pipeline(Readable.from(withHeader(header, records)), out, () => undefined);
}

async function* withHeader(header: readonly string[], records: AsyncIterable<CsvCell[]> | Iterable<CsvCell[]>) {
  yield [...header];
  yield* records;
}
