import { useState, type ChangeEvent } from 'react';
import type { AdminPlatform, CsvImportPreview } from '@kickback/contracts';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { formatAmount } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import { useImportLeaderboardCsvMutation, usePreviewLeaderboardCsvMutation } from './admin-leaderboard-api';

/** Manual source: pick a CSV (username, wagered), check the preview, then import it as this period's data. */
export function LeaderboardCsvImport({ platform }: { platform: AdminPlatform }) {
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState('');
  const [preview, setPreview] = useState<CsvImportPreview | null>(null);
  const [runPreview, previewState] = usePreviewLeaderboardCsvMutation();
  const [runImport, importState] = useImportLeaderboardCsvMutation();
  const toast = useToast();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPreview(null);
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    setFileName(file.name);
    try {
      setPreview(await runPreview(text).unwrap());
    } catch (error) {
      toast.error(fieldErrors(error).csv ?? errorMessage(error, 'Failed to read the CSV'));
    }
  };

  const commit = async () => {
    try {
      const result = await runImport({ id: platform.id, csv }).unwrap();
      toast.success(`Imported ${result.total_rows} players into ${platform.name}`);
      setPreview(null);
      setCsv('');
      setFileName('');
    } catch (error) {
      toast.error(fieldErrors(error).csv ?? errorMessage(error, 'Failed to import the CSV'));
    }
  };

  return (
    <section className="card admin-form" aria-label={`Import CSV for ${platform.name}`}>
      <h2>Import CSV</h2>
      <p className="field-hint">Two columns, username and wagered, with or without a header row. The import replaces this period's data.</p>
      <input type="file" accept=".csv,text/csv" aria-label="CSV file" onChange={choose} />
      {previewState.isLoading && <p role="status">Reading {fileName}...</p>}
      {preview && (
        <div>
          <p>
            {preview.total_rows} players, {formatAmount(preview.total_wagered, platform.currency_symbol)} wagered in total.
          </p>
          {preview.errors.length > 0 && (
            <ul className="field-error" aria-label="CSV problems">
              {preview.errors.map((e) => (
                <li key={`${e.line}-${e.message}`}>{e.line ? `Line ${e.line}: ${e.message}` : e.message}</li>
              ))}
            </ul>
          )}
          {preview.rows.length > 0 && (
            <table className="admin-table">
              <caption>First {preview.rows.length} players</caption>
              <thead>
                <tr>
                  <th scope="col">Username</th>
                  <th scope="col">Wagered</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.username}>
                    <td>{row.username}</td>
                    <td>{formatAmount(row.wagered, platform.currency_symbol)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="admin-form-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={preview.errors.length > 0 || importState.isLoading}
              onClick={commit}
            >
              {importState.isLoading ? 'Importing...' : 'Import'}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
