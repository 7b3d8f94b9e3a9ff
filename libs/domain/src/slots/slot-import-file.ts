import type { Readable } from 'node:stream';
import { SLOT_IMPORT_SAMPLE_ROWS, slotImportRowSchema, type SlotImportFormat, type SlotImportRow } from '@kickback/contracts';
import { readCsv, unprocessable } from '@kickback/platform';
import { readImportRecords, readJsonFile } from '../points-import/import-records';
import { matchKey } from './slot-facts.repository';

export interface SlotFileRow extends SlotImportRow {
  line: number;
}

export interface SlotFile {
  rows_read: number;
  /** By match key, the first row of each slot, in file order. */
  rows: Map<string, SlotFileRow>;
  duplicates: { count: number; rows: { line: number; name: string; provider: string }[] };
  invalid: { count: number; rows: { line: number; message: string }[] };
}

/** The columns (CSV) or keys (JSON) a file may have; name and provider are required. */
const FIELDS = ['name', 'provider', 'image_url', 'rtp', 'volatility', 'max_win_x', 'release_date', 'features', 'themes'] as const;
type Field = (typeof FIELDS)[number];
const LIST_FIELDS = new Set<Field>(['rtp', 'features', 'themes']);
/** A CSV cell holds a list (RTP variants, features, themes) separated by `|`, since the comma separates cells. */
const LIST_SEPARATOR = '|';

/**
 * Reads a catalogue file into rows (docs/slots.md): the first row of each name + provider counts, later ones are
 * duplicates; rows the contract refuses are invalid. Counts cover the file, the lists its first rows. The row limit
 * is the points import's.
 */
export async function readSlotFile(format: SlotImportFormat, body: Readable): Promise<SlotFile> {
  const file: SlotFile = { rows_read: 0, rows: new Map(), duplicates: { count: 0, rows: [] }, invalid: { count: 0, rows: [] } };
  const records = format === 'json' ? jsonRecords(body) : csvRecords(body);
  file.rows_read = await readImportRecords(records, (record) => addRecord(file, record));
  return file;
}

interface RawRecord {
  line: number;
  values: Partial<Record<Field, unknown>>;
}

function addRecord(file: SlotFile, record: RawRecord): void {
  const parsed = slotImportRowSchema.safeParse(record.values);
  if (!parsed.success) {
    file.invalid.count += 1;
    const issue = parsed.error.issues[0]!;
    if (file.invalid.rows.length < SLOT_IMPORT_SAMPLE_ROWS) {
      file.invalid.rows.push({ line: record.line, message: `${String(issue.path[0] ?? 'row')}: ${issue.message}` });
    }
    return;
  }
  const key = matchKey(parsed.data.name, parsed.data.provider);
  if (file.rows.has(key)) {
    file.duplicates.count += 1;
    if (file.duplicates.rows.length < SLOT_IMPORT_SAMPLE_ROWS) {
      file.duplicates.rows.push({ line: record.line, name: parsed.data.name, provider: parsed.data.provider });
    }
    return;
  }
  file.rows.set(key, { ...parsed.data, line: record.line });
}

/** A CSV with a header row naming its columns (any order, any case); an empty cell clears that fact. */
async function* csvRecords(body: Readable): AsyncGenerator<RawRecord> {
  let columns: (Field | null)[] | null = null;
  let line = 0;
  for await (const cells of readCsv(body)) {
    line += 1;
    if (!columns) {
      columns = headerOf(cells);
      continue;
    }
    const values: RawRecord['values'] = {};
    columns.forEach((field, i) => {
      if (!field) return;
      const cell = (cells[i] ?? '').trim();
      if (LIST_FIELDS.has(field)) values[field] = cell === '' ? [] : cell.split(LIST_SEPARATOR).map((v) => v.trim());
      else if (field === 'name' || field === 'provider') values[field] = cell;
      else values[field] = cell === '' ? null : cell;
    });
    yield { line, values };
  }
}

function headerOf(header: string[]): (Field | null)[] {
  const columns = header.map((h) => {
    const name = h.trim().toLowerCase();
    return (FIELDS as readonly string[]).includes(name) ? (name as Field) : null;
  });
  const missing = (['name', 'provider'] as const).filter((f) => !columns.includes(f));
  if (missing.length) {
    const message = `The file's header has no ${missing.map((f) => `"${f}"`).join(' or ')} column.`;
    throw unprocessable(message, { file: [message] });
  }
  return columns;
}

/**
 * JSON: a list of objects with the same keys as the CSV's columns (lists as JSON arrays; one RTP may be a number).
 * JSON has no record boundaries to stream on, so the file (bounded by the request's size limit) is read whole;
 * entries count as lines 1, 2, … in the list.
 */
async function* jsonRecords(body: Readable): AsyncGenerator<RawRecord> {
  const parsed = await readJsonFile(body);
  if (!Array.isArray(parsed)) throw notAList();
  for (const [i, entry] of parsed.entries()) {
    const object = entry && typeof entry === 'object' && !Array.isArray(entry) ? (entry as Record<string, unknown>) : {};
    const values: RawRecord['values'] = {};
    for (const field of FIELDS) {
      if (!(field in object)) continue;
      const value = object[field];
      values[field] = field === 'rtp' && (typeof value === 'number' || typeof value === 'string') ? [value] : value;
    }
    yield { line: i + 1, values };
  }
}

const notAList = () =>
  unprocessable('This is not a slot list.', { file: ['This is not a slot list: expected a JSON array of { name, provider, … }.'] });
