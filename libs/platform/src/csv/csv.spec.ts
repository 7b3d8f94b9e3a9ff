import { Readable } from 'node:stream';
import { csvStream } from './csv-write';
import { readCsv, readCsvTable } from './csv-read';

const text = async (stream: Readable): Promise<string> => {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
};

describe('CSV (csv-parse and csv-stringify)', () => {
  it('reads quoted fields, doubled quotes, CRLF, a BOM, ragged rows and a stray quote; skips blank lines', async () => {
    expect(await readCsvTable('\ufeffa,"b,c"\r\n"say ""hi""",2\n\n  \nlone\nsix"ft,3\n')).toEqual([
      ['a', 'b,c'],
      ['say "hi"', '2'],
      ['lone'],
      ['six"ft', '3'],
    ]);
  });

  it('refuses an unterminated quoted field', async () => {
    await expect(readCsvTable('a,"b\n')).rejects.toThrow(/quote/i);
  });

  it('reads a stream a record at a time', async () => {
    const chunks = ['name,po', 'ints\r\nann,1', '0\r\nbob', ',2\r\n'];
    const rows: string[][] = [];
    for await (const row of readCsv(Readable.from(chunks))) rows.push(row);
    expect(rows).toEqual([
      ['name', 'points'],
      ['ann', '10'],
      ['bob', '2'],
    ]);
  });

  it('writes a header, CRLF lines, quotes where needed and formulas as text', async () => {
    async function* records() {
      yield ['=SUM(A1)', 'a,b', 'say "hi"', 5];
      yield ['-3', null, '@x', -3];
    }
    expect(await text(csvStream(['one', 'two', 'three', 'four'], records()))).toBe(
      `one,two,three,four\r\n'=SUM(A1),"a,b","say ""hi""",5\r\n'-3,,'@x,-3\r\n`,
    );
  });

  it('a formula behind leading spaces, tabs, line breaks or separators is written as text too', async () => {
    const cells = [' =1+1', ';=1+1', ',+1', '\t=1', '\r\n@SUM(A1)', ' ; -2', 'plain; text', 'a-b', ' spaced '];
    const written = await text(
      csvStream(
        ['cell'],
        cells.map((cell) => [cell]),
      ),
    );
    // A semicolon or tab keeps the cell quoted, so a spreadsheet splitting on it cannot start a cell with a formula.
    expect(written).toContain(`"';=1+1"`);
    expect(written).toContain(`"plain; text"`);
    // Read back, every guarded cell starts with the apostrophe and nothing else changed.
    const back = (await readCsvTable(written)).slice(1).map(([cell]) => cell);
    expect(back).toEqual(cells.map((cell, i) => (i < 6 ? `'${cell}` : cell)));
  });

  it('what it writes reads back the same', async () => {
    const rows = [['line\nbreak', 'quote"d', ' spaced ', 'é']];
    expect(await readCsvTable(await text(csvStream(['a', 'b', 'c', 'd'], rows)))).toEqual([['a', 'b', 'c', 'd'], ...rows]);
  });

  it('a reader that stops early ends the records', async () => {
    let finished = false;
    async function* records() {
      try {
        for (let i = 0; ; i++) yield [i];
      } finally {
        finished = true;
      }
    }
    const stream = csvStream(['n'], records());
    for await (const _chunk of stream) break;
    await new Promise((resolve) => setImmediate(resolve));
    expect(finished).toBe(true);
  });
});
