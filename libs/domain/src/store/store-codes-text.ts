import { readCsv, unprocessable } from '@kickback/platform';

/**
 * Codes pasted one per line or as CSV (commas, semicolons or tabs between them, quoted where a code holds one of
 * those), read through the CSV library; blanks and repeats are skipped, the first occurrence keeps its place (pasted
 * order is delivery order).
 */
export async function storeCodesFrom(text: string): Promise<string[]> {
  const seen = new Set<string>();
  try {
    for await (const row of readCsv(text, { delimiters: [',', ';', '\t'] }))
      for (const cell of row) {
        // A space before a quote leaves the quotes in the cell (the library reads it as unquoted text).
        const code = cell
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim();
        if (code) seen.add(code);
      }
  } catch (err) {
    const reason = `The codes could not be read as CSV: ${(err as Error).message}`;
    throw unprocessable(reason, { codes: [reason] });
  }
  return [...seen];
}
