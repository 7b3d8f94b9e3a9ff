import { useState } from 'react';
import { POINTS_IMPORT_FORMATS, type PointsImportBatch, type PointsImportFormat, type PointsImportPreview } from '@kickback/contracts';
import { pointsImportQuerySchema } from '@kickback/contracts/api/points-import';
import { PageHeader } from '../../components/ui/page-header';
import { Pager } from '../../components/ui/pager';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { formatCount, formatDateTime, formatNumber } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import { ContractTextField } from '../kit/contract-fields';
import { ImportFileField, ImportFormatField } from '../kit/import-file-field';
import { fieldFacts } from '../kit/schema-fields';
import { useAdminAction } from '../kit/use-admin-crud';
import { useContractValidation } from '../kit/use-contract-validation';
import { PointsImportPreviewPanel } from './points-import-preview';
import {
  useApplyPointsImportMutation,
  useDryRunPointsImportMutation,
  useGetPointsImportsQuery,
  useRollbackPointsImportMutation,
  type PointsImportUpload,
} from './admin-points-import-api';
import { SmallButton, StatusTable } from '../kit/rows';
import { listTexts, type Column } from '../kit/resource';
import { useConfirmation } from '../kit/use-confirmation';

const FORMAT_LABELS: Record<PointsImportFormat, string> = {
  streamelements: 'StreamElements points list (JSON)',
  csv: 'CSV with named columns (BotRix, spreadsheets, other bots)',
};

type CsvColumn = 'username_column' | 'points_column' | 'watch_time_column';
const COLUMNS: [CsvColumn, string, string?][] = [
  ['username_column', 'Username column'],
  ['points_column', 'Points column'],
  ['watch_time_column', 'Watch time column (minutes, optional)', 'Leave empty when the file has none.'],
];
const SHAPE = pointsImportQuerySchema.shape;
/** The columns a CSV is read by at first: the contract's. */
const START = Object.fromEntries(COLUMNS.map(([name]) => [name, fieldFacts(SHAPE[name]).defaultValue as string])) as Record<
  CsvColumn,
  string
>;

/**
 * Import points: pick a file and how to read it (checked by the import's contract), see the dry run, then apply it
 * as one batch. Changing the file or its columns throws the dry run away, so what is applied is always what was shown.
 */
export default function PointsImportPage() {
  const [format, setFormat] = useState<PointsImportFormat>(POINTS_IMPORT_FORMATS[0]);
  const [columns, setColumns] = useState(START);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<PointsImportPreview | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const { errors, validate } = useContractValidation(pointsImportQuerySchema, serverErrors);
  const [dryRun, dryRunning] = useDryRunPointsImportMutation();
  const [apply, applying] = useApplyPointsImportMutation();
  const toast = useToast();

  const reset = () => {
    setPreview(null);
    setServerErrors({});
  };
  const upload = (): PointsImportUpload | null => {
    // A StreamElements file has no columns to name: the contract's defaults stand in for the hidden inputs.
    const query = file && validate(format === 'csv' ? { format, ...columns } : { format });
    return query && file ? { ...query, text: file.text } : null;
  };

  const choose = (chosen: { name: string; text: string } | null) => {
    reset();
    setFile(chosen);
  };

  const runDryRun = async () => {
    reset();
    const body = upload();
    if (!body) return;
    try {
      setPreview(await dryRun(body).unwrap());
    } catch (error) {
      setServerErrors(fieldErrors(error));
      toast.error(errorMessage(error, 'Failed to read the file'));
    }
  };

  const runApply = async () => {
    const body = upload();
    if (!body) return;
    try {
      const result = await apply(body).unwrap();
      toast.success(result.message);
      reset();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to import the points'));
    }
  };

  return (
    <div className="admin-page">
      <PageHeader title="Import points">
        <p className="field-hint">
          Bring your viewers' points over from another loyalty tool. Members are matched by Kick username; names without an account yet get
          their points at their first login.
        </p>
      </PageHeader>
      <section className="card admin-form" aria-label="Import file">
        <ImportFormatField
          id="points-import-format"
          value={format}
          labels={FORMAT_LABELS}
          onChange={(chosen) => {
            setFormat(chosen);
            reset();
          }}
        />
        {format === 'streamelements' ? (
          <p className="field-hint">
            The answer of StreamElements' points API (GET /kappa/v2/points/&#123;channel&#125;/top or /alltime), saved as a file.
          </p>
        ) : (
          <div className="admin-grid">
            {COLUMNS.map(([name, label, hint]) => (
              <ContractTextField
                key={name}
                schema={pointsImportQuerySchema}
                name={name}
                label={label}
                value={columns[name]}
                error={errors[name]}
                hint={hint}
                onChange={(value) => {
                  setColumns((current) => ({ ...current, [name]: value }));
                  reset();
                }}
              />
            ))}
          </div>
        )}
        <ImportFileField id="points-import-file" csv={format === 'csv'} error={errors.file} onChoose={choose} />
        <div className="admin-form-actions">
          <button
            type="button"
            className="button button--primary"
            disabled={!file || dryRunning.isLoading}
            onClick={() => void runDryRun()}
          >
            {dryRunning.isLoading ? 'Reading...' : 'Dry run'}
          </button>
        </div>
      </section>
      {preview && <PointsImportPreviewPanel preview={preview} applying={applying.isLoading} onApply={() => void runApply()} />}
      <PointsImportBatches />
    </div>
  );
}

const BATCH_COLUMNS: Column<PointsImportBatch>[] = [
  { header: 'Import', cell: (batch) => `#${batch.id}` },
  { header: 'Format', cell: (batch) => (batch.format === 'csv' ? 'CSV' : 'StreamElements') },
  { header: 'Status', cell: (batch) => (batch.status === 'applied' ? 'Applied' : `Rolled back ${formatDateTime(batch.rolled_back_at!)}`) },
  { header: 'Kick names', cell: (batch) => formatNumber(batch.rows) },
  { header: 'Points', cell: (batch) => formatNumber(batch.total_points) },
  { header: 'Credited', cell: (batch) => formatNumber(batch.credited) },
  { header: 'Waiting', cell: (batch) => formatNumber(batch.waiting) },
  { header: 'By', cell: (batch) => batch.created_by ?? 'Deleted member' },
  { header: 'When', cell: (batch) => formatDateTime(batch.created_at) },
];

function PointsImportBatches() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, isFetching } = useGetPointsImportsQuery(page);
  const [rollback] = useRollbackPointsImportMutation();
  const confirmation = useConfirmation();
  const act = useAdminAction();

  const askRollback = (batch: PointsImportBatch) =>
    confirmation.ask({
      title: `Roll back import #${batch.id}`,
      message: `Takes back what ${formatCount(batch.credited, 'member')} received from it and cancels ${formatCount(batch.waiting, 'waiting name')}. Nothing changes if a member has already spent imported points.`,
      confirmLabel: 'Roll back',
      run: () => act(() => rollback(batch.id).unwrap(), `Import #${batch.id} rolled back`, 'Failed to roll back the import'),
    });

  return (
    <section aria-labelledby="points-imports-heading">
      <h2 id="points-imports-heading">Imports</h2>
      <StatusTable
        query={{ isLoading, isError, isFetching }}
        rows={data?.data}
        texts={listTexts('imports', 'No points imported yet.', 'Points imports, newest first')}
        columns={BATCH_COLUMNS}
        actions={(batch) =>
          batch.status === 'applied' && (
            <SmallButton tone="danger" onClick={() => askRollback(batch)}>
              Roll back
            </SmallButton>
          )
        }
      />
      {data && <Pager page={page} lastPage={data.pagination.last_page} onPage={setPage} label="Imports pages" />}
      {confirmation.dialog}
    </section>
  );
}
