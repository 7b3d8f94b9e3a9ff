import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/api-error';
import { useToast } from '../../../lib/use-toast';
import { useGetAccountExportQuery, useRequestAccountExportMutation } from '../account-data-api';

/**
 * The worker pushes the finished archive to the member's room; while one is pending the section also asks again this
 * often, for a push that came before the page's own read of the pending state finished (or while the socket was away).
 */
const POLL_WHILE_PENDING_MS = 5_000;

/** "Download my data": ask for an archive, then a download link until it expires. */
export function AccountExport() {
  const toast = useToast();
  const [polling, setPolling] = useState(false);
  const { data: latest, isLoading } = useGetAccountExportQuery(undefined, { pollingInterval: polling ? POLL_WHILE_PENDING_MS : 0 });
  const pending = latest?.status === 'pending';
  useEffect(() => setPolling(pending), [pending]);
  const [request, requestState] = useRequestAccountExportMutation();

  const ask = async () => {
    try {
      await request().unwrap();
      toast.success('Your archive is being prepared. It usually takes under a minute.');
    } catch (error) {
      toast.error(errorMessage(error, 'Could not ask for your archive. Please try again.'));
    }
  };

  return (
    <div className="account-data__part">
      <h3>Download my data</h3>
      <p>
        A JSON file with your profile, settings, points history, raffle entries, predictions, store redemptions with their codes, support
        tickets with their images and friends. The link works for 48 hours.
      </p>
      {!isLoading && latest?.status === 'ready' && latest.download_url && (
        <p role="status">
          Your archive is ready.{' '}
          <a className="button button--primary button--small" href={latest.download_url} download>
            Download archive
          </a>{' '}
          Available until {formatDateTime(latest.expires_at!)}.
        </p>
      )}
      {pending && <p role="status">Preparing your archive...</p>}
      {latest?.status === 'failed' && <p role="alert">Your last archive could not be built. Please ask for a new one.</p>}
      {latest?.status === 'expired' && <p className="settings-status">Your last archive has expired.</p>}
      {!pending && (
        <button type="button" className="button button--ghost" onClick={() => void ask()} disabled={requestState.isLoading}>
          {latest ? 'Prepare a new archive' : 'Prepare my archive'}
        </button>
      )}
    </div>
  );
}
