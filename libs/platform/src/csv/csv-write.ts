import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';

export type CsvCell = string | number | bigint | null | undefined;

/**
 * A text cell a spreadsheet would run as a formula: one starting with =, +, -, @ once leading spaces, tabs, line breaks
 * and separators are skipped (` =1+1` and `;=1+1` run in spreadsheets that trim or split on semicolons), or starting
 * with a tab or carriage return.
 */
const FORMULA = /^[\s;,]*[=+\-@]|^[\t\r]/;
/** Cells with a line break, a semicolon or a tab are quoted, so no spreadsheet splits them into cells of their own. */
const QUOTED = /[\r\n;\t]/;

/** A text cell that reads as a formula is written with a leading apostrophe, which spreadsheets show as text. */
export const guardFormula = (cell: CsvCell): CsvCell => (typeof cell === 'string' && FORMULA.test(cell) ? `'${cell}` : cell);

/**
 * The one way CSV is written (exports): csv-stringify's stream behind a header row, CRLF line ends (RFC 4180), and text
 * cells that a spreadsheet would run as a formula (guardFormula) written as text, so a member's name cannot run in the
 * admin's spreadsheet. Records are pulled from `records` only as fast as the reader takes the file, so an export of
 * any length holds a few records in memory; a reader that goes away ends `records` (its `finally` runs).
 */
export function csvStream(header: readonly string[], records: AsyncIterable<CsvCell[]> | Iterable<CsvCell[]>): Readable {
  const out = stringify({ record_delimiter: '\r\n', quoted_match: QUOTED });
  return pipeline(Readable.from(guarded(header, records)), out, () => undefined);
}

async function* guarded(header: readonly string[], records: AsyncIterable<CsvCell[]> | Iterable<CsvCell[]>) {
  yield header.map(guardFormula);
  for await (const record of records) yield record.map(guardFormula);
}
