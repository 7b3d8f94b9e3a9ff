import type { Readable } from 'node:stream';
import { POINTS_IMPORT_SAMPLE_ROWS, type PointsImportQuery, type PointsImportRow } from '@kickback/contracts';
import { readCsv, unprocessable } from '@kickback/platform';
import { readImportRecords, readJsonFile } from './import-records';

/** One member's row of a file: the Kick name as written, its match key, and the line it came from. */
export interface ImportFileRow extends PointsImportRow {
  kick_name: string;
  line: number;
}

export interface ImportFile {
  rows_read: number;
  /** By match key (lower-case Kick name), the first row of each name, in file order. */
  rows: Map<string, ImportFileRow>;
  duplicates: { count: number; rows: { line: number; kick_username: string }[] };
  invalid: { count: number; rows: { line: number; message: string }[] };
}

/** Kick names are letters, digits and underscores; a leading @ (as chat writes them) is dropped. */
const KICK_NAME = /^[A-Za-z0-9_]{1,64}$/;
/** Whole points, with or without thousands commas. */
const WHOLE = /^(\d{1,3}(,\d{3})+|\d+)$/;
// A billion a member keeps a 100,000-row total a safe JavaScript integer.
const MAX_POINTS = 1_000_000_000;

/**
 * Reads an import file into its rows: the first row of each Kick name counts; later rows of the name, and rows that
 * cannot be imported, are counted and the first few listed (a dry run shows them). A file over the row limit is refused.
 */
export async function readImportFile(query: PointsImportQuery, body: Readable): Promise<ImportFile> {
  const file: ImportFile = { rows_read: 0, rows: new Map(), duplicates: { count: 0, rows: [] }, invalid: { count: 0, rows: [] } };
  const records = query.format === 'streamelements' ? streamElementsRecords(body) : csvRecords(query, body);
  file.rows_read = await readImportRecords(records, (record) => addRecord(file, record));
  return file;
}

interface RawRecord {
  line: number;
  username: string;
  points: string;
  watch: string | null;
}

function addRecord(file: ImportFile, record: RawRecord): void {
  const invalid = (message: string) => {
    file.invalid.count += 1;
    if (file.invalid.rows.length < POINTS_IMPORT_SAMPLE_ROWS) file.invalid.rows.push({ line: record.line, message });
  };
  const name = record.username.trim().replace(/^@/, '');
  if (!name) return invalid('The username is missing.');
  if (!KICK_NAME.test(name)) return invalid(`"${name.slice(0, 70)}" is not a Kick username.`);
  const pointsText = record.points.trim();
  if (!WHOLE.test(pointsText)) return invalid(`"${pointsText.slice(0, 30)}" is not a whole number of points.`);
  const points = Number(pointsText.replace(/,/g, ''));
  if (points === 0) return invalid('0 points: nothing to import.');
  if (points > MAX_POINTS) return invalid(`More than ${MAX_POINTS.toLocaleString('en-US')} points.`);
  let watch: number | null = null;
  if (record.watch !== null && record.watch.trim() !== '') {
    const text = record.watch.trim();
    if (!WHOLE.test(text)) return invalid(`"${text.slice(0, 30)}" is not a whole number of minutes.`);
    watch = Number(text.replace(/,/g, ''));
    if (watch > 2_000_000_000) return invalid('The watch time is too large.');
  }
  const key = name.toLowerCase();
  if (file.rows.has(key)) {
    file.duplicates.count += 1;
    if (file.duplicates.rows.length < POINTS_IMPORT_SAMPLE_ROWS) file.duplicates.rows.push({ line: record.line, kick_username: name });
    return;
  }
  file.rows.set(key, { kick_username: name, kick_name: key, points, watch_minutes: watch, line: record.line });
}

/** A CSV with a header row: the admin names the username, points and (optional) watch time columns. */
async function* csvRecords(query: PointsImportQuery, body: Readable): AsyncGenerator<RawRecord> {
  let at: { username: number; points: number; watch: number } | null = null;
  let line = 0;
  for await (const cells of readCsv(body)) {
    line += 1;
    if (!at) {
      at = columnsOf(query, cells);
      continue;
    }
    yield {
      line,
      username: cells[at.username] ?? '',
      points: cells[at.points] ?? '',
      watch: at.watch < 0 ? null : (cells[at.watch] ?? ''),
    };
  }
}

function columnsOf(query: PointsImportQuery, header: string[]): { username: number; points: number; watch: number } {
  const names = header.map((h) => h.trim().toLowerCase());
  const find = (wanted: string) => names.indexOf(wanted.trim().toLowerCase());
  const errors: Record<string, string[]> = {};
  const missing = (field: string, wanted: string) => (errors[field] = [`The file's header has no "${wanted}" column.`]);
  const username = find(query.username_column);
  const points = find(query.points_column);
  const watch = query.watch_time_column ? find(query.watch_time_column) : -1;
  if (username < 0) missing('username_column', query.username_column);
  if (points < 0) missing('points_column', query.points_column);
  if (query.watch_time_column && watch < 0) missing('watch_time_column', query.watch_time_column);
  if (Object.keys(errors).length) throw unprocessable('The columns are not in the file.', errors);
  return { username, points, watch };
}

/**
 * StreamElements' points list as its API documents it (GET /kappa/v2/points/{channel}/top or /alltime):
 * `{ "_total": n, "users": [{ "username": "…", "points": n }] }`; a user's `watchtime` (minutes, as the per-user
 * answer carries it) is kept when present. JSON has no record boundaries to stream on, so the file (bounded by the
 * request limit) is read whole; entries count as lines 1, 2, … in the list.
 */
async function* streamElementsRecords(body: Readable): AsyncGenerator<RawRecord> {
  const parsed = await readJsonFile(body);
  const users = (parsed as { users?: unknown } | null)?.users;
  if (!Array.isArray(users)) throw notStreamElements();
  for (const [i, user] of users.entries()) {
    const u = (user ?? {}) as { username?: unknown; points?: unknown; watchtime?: unknown };
    yield {
      line: i + 1,
      username: typeof u.username === 'string' ? u.username : '',
      points: typeof u.points === 'number' || typeof u.points === 'string' ? String(u.points) : '',
      watch: typeof u.watchtime === 'number' || typeof u.watchtime === 'string' ? String(u.watchtime) : null,
    };
  }
}

const notStreamElements = () =>
  unprocessable('This is not a StreamElements points list.', {
    file: ['This is not a StreamElements points list: expected JSON with a "users" list of { username, points }.'],
  });
