import { useState } from 'react';
import type { AdminStoreItem } from '@kickback/contracts';
import { errorMessage } from '../../lib/api-error';
import { formatNumber, formatRelativeTime } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import { useAddStoreCodesMutation, useGetStoreCodesQuery, useRemoveStoreCodeMutation } from './admin-store-api';
import { DataTable } from '../../components/ui/data-table';
import { SmallButton } from '../kit/rows';

/** The code pool of a 'code' item: paste or load a CSV, see which codes went to which redemption. */
export function StoreCodesPanel({ item, onClose }: { item: AdminStoreItem; onClose: () => void }) {
  const { data: codes = [], isLoading, isError } = useGetStoreCodesQuery(item.id);
  const [addCodes, addState] = useAddStoreCodesMutation();
  const [removeCode] = useRemoveStoreCodeMutation();
  const [text, setText] = useState('');
  const toast = useToast();

  const upload = async () => {
    try {
      const result = await addCodes({ itemId: item.id, codes: text }).unwrap();
      toast.success(result.message);
      setText('');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to add codes'));
    }
  };

  const loadFile = async (file: File | undefined) => {
    if (!file) return;
    setText((await file.text()).slice(0, 1_000_000));
  };

  return (
    <section className="card admin-fieldset store-codes-panel" aria-label={`Codes for ${item.name}`}>
      <header className="admin-page__header">
        <h2>Codes: {item.name}</h2>
        <SmallButton onClick={onClose}>Close</SmallButton>
      </header>
      <p className="field-hint">
        {formatNumber(item.codes_available)} available of {formatNumber(item.codes_total)}. Paste one code per line, or comma-separated
        (CSV). Duplicates are skipped.
      </p>
      <div className="field">
        <label htmlFor="store-codes-text">New codes</label>
        <textarea id="store-codes-text" className="textarea" rows={5} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="store-codes-file">Or load a CSV / text file</label>
        <input
          id="store-codes-file"
          className="input"
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={(e) => void loadFile(e.target.files?.[0])}
        />
      </div>
      <button type="button" className="button button--primary" disabled={!text.trim() || addState.isLoading} onClick={() => void upload()}>
        {addState.isLoading ? 'Adding...' : 'Add Codes'}
      </button>
      {isLoading && <p role="status">Loading codes...</p>}
      {isError && <p role="alert">Failed to load codes.</p>}
      {codes.length > 0 && (
        <DataTable caption="Codes, free ones first" columns={['Code', 'Status']} actions card={false}>
          {codes.map((code) => (
            <tr key={code.id}>
              <td>
                <code>{code.code}</code>
              </td>
              <td>
                {code.redemption_id
                  ? `Delivered (redemption #${code.redemption_id}) ${code.assigned_at ? formatRelativeTime(code.assigned_at) : ''}`
                  : 'Available'}
              </td>
              <td>
                {!code.redemption_id && (
                  <SmallButton
                    label={`Remove code ${code.code}`}
                    onClick={() =>
                      void removeCode({ itemId: item.id, codeId: code.id })
                        .unwrap()
                        .catch((error: unknown) => toast.error(errorMessage(error, 'Failed to remove code')))
                    }
                  >
                    Remove
                  </SmallButton>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
