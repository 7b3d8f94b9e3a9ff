import { Readable } from 'node:stream';
import { parse, type Options } from 'csv-parse';

/**
 * The one way CSV is read (imports, the leaderboard's CSV sources): csv-parse's stream, so a file is read a record at
 * a time and only what a caller keeps stays in memory. Quoted fields, doubled quotes, CRLF or LF, a BOM; rows may
 * differ in length and a stray quote inside an unquoted field is kept as text, because spreadsheets and bots write
 * both. Blank lines (nothing but spaces) are skipped.
 */
const READ_OPTIONS: Options = {
  bom: true,
  record_delimiter: ['\r\n', '\n', '\r'],
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
};

/** A record longer than this is refused: no honest export has a line of a megabyte, and it bounds one record's memory. */
const MAX_RECORD_CHARS = 1_000_000;

export interface CsvReadOptions {
  /** Cell separators; a comma unless given (pasted lists also use semicolons and tabs). */
  delimiters?: string[];
}

export async function* readCsv(input: string | Buffer | Readable, options: CsvReadOptions = {}): AsyncGenerator<string[]> {
  const source = typeof input === 'string' || Buffer.isBuffer(input) ? Readable.from([input]) : input;
  const parser = source.pipe(parse({ ...READ_OPTIONS, delimiter: options.delimiters ?? ',', max_record_size: MAX_RECORD_CHARS }));
  source.once('error', (err) => parser.destroy(err));
  for await (const record of parser as AsyncIterable<string[]>) {
    if (record.every((cell) => cell.trim() === '')) continue;
    yield record;
  }
}

/** A whole small CSV (an HTTP answer, a request body already bounded by its size limit) as rows of cells. */
export async function readCsvTable(input: string | Buffer, options: CsvReadOptions = {}): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of readCsv(input, options)) rows.push(row);
  return rows;
}
