import { useState } from 'react';
import type { SlotImportFormat, SlotImportPreview } from '@kickback/contracts';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { formatCount } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import { ImportFileField, ImportFormatField } from '../kit/import-file-field';
import { useApplySlotImportMutation, useDryRunSlotImportMutation } from './admin-slots-api';

const FORMAT_LABELS: Record<SlotImportFormat, string> = {
  csv: 'CSV with a header row (name, provider, rtp, volatility, max_win_x, release_date, features, themes, image_url)',
  json: 'JSON list of { name, provider, … } with the same keys',
};

/**
 * Import a catalogue file: dry run first, then apply what it showed. Choosing another file or format throws the dry
 * run away, so what is applied is always what was shown.
 */
export function SlotImportPanel() {
  const [format, setFormat] = useState<SlotImportFormat>('csv');
  const [file, setFile] = useState<string | null>(null);
  const [preview, setPreview] = useState<SlotImportPreview | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [dryRun, dryRunning] = useDryRunSlotImportMutation();
  const [apply, applying] = useApplySlotImportMutation();
  const toast = useToast();

  const reset = () => {
    setPreview(null);
    setError(undefined);
  };
  const choose = (chosen: { text: string } | null) => {
    reset();
    setFile(chosen ? chosen.text : null);
  };
  const runDryRun = async () => {
    if (file === null) return;
    reset();
    try {
      setPreview(await dryRun({ format, text: file }).unwrap());
    } catch (failure) {
      setError(fieldErrors(failure).file);
      toast.error(errorMessage(failure, 'Failed to read the file'));
    }
  };
  const runApply = async () => {
    if (file === null) return;
    try {
      toast.success((await apply({ format, text: file }).unwrap()).message);
      reset();
    } catch (failure) {
      toast.error(errorMessage(failure, 'Failed to import the slots'));
    }
  };

  return (
    <section className="card admin-form" aria-labelledby="slot-import-heading">
      <h2 id="slot-import-heading">Import slots</h2>
      <p className="field-hint">
        Slots are matched on name and provider (any case): new ones are added, known ones get the file's facts. A column left out keeps what
        a slot has; an empty cell clears it. Lists inside a CSV cell are separated by |.
      </p>
      <ImportFormatField
        id="slot-import-format"
        value={format}
        labels={FORMAT_LABELS}
        onChange={(chosen) => {
          setFormat(chosen);
          reset();
        }}
      />
      <ImportFileField id="slot-import-file" csv={format === 'csv'} error={error} onChoose={choose} />
      <div className="admin-form-actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={file === null || dryRunning.isLoading}
          onClick={() => void runDryRun()}
        >
          {dryRunning.isLoading ? 'Reading...' : 'Dry run'}
        </button>
      </div>
      {preview && (
        <div aria-label="Dry run" role="region">
          <ul aria-label="Dry run totals">
            <li>{formatCount(preview.rows_read, 'row')} read</li>
            <li>{formatCount(preview.created.count, 'new slot')}</li>
            <li>{formatCount(preview.changed.count, 'changed slot')}</li>
            <li>{formatCount(preview.unchanged, 'slot')} unchanged</li>
            <li>{formatCount(preview.new_providers.count, 'new provider')}</li>
            <li>{formatCount(preview.duplicates.count, 'duplicate row')} skipped (the first row of a slot counts)</li>
            <li>{formatCount(preview.invalid.count, 'invalid row')} skipped</li>
          </ul>
          {preview.invalid.rows.length + preview.duplicates.rows.length > 0 && (
            <ul className="field-error" aria-label="Rows skipped">
              {preview.invalid.rows.map((row) => (
                <li key={`invalid-${row.line}`}>
                  Row {row.line}: {row.message}
                </li>
              ))}
              {preview.duplicates.rows.map((row) => (
                <li key={`duplicate-${row.line}`}>
                  Row {row.line}: {row.name} ({row.provider}) is on an earlier row.
                </li>
              ))}
            </ul>
          )}
          {preview.changed.rows.length > 0 && (
            <ul aria-label="Changed slots">
              {preview.changed.rows.map((row) => (
                <li key={row.line}>
                  {row.name} ({row.provider}): {row.fields?.join(', ')}
                </li>
              ))}
            </ul>
          )}
          <div className="admin-form-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={applying.isLoading || preview.created.count + preview.changed.count === 0}
              onClick={() => void runApply()}
            >
              {applying.isLoading ? 'Importing...' : 'Apply import'}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
