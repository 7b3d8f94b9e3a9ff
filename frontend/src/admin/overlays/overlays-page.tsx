import { useState } from 'react';
import { OVERLAY_KINDS } from '@kickback/contracts/api/overlays';
import type { AdminOverlayToken, OverlayKind } from '@kickback/contracts';
import { CopyCodeButton } from '../../components/ui/copy-code-button';
import { PageHeader } from '../../components/ui/page-header';
import { QueryStatus } from '../../components/ui/query-status';
import { formatDateTime } from '../../lib/format';
import { OVERLAY_LABELS } from '../../lib/overlay-kinds';
import { errorMessage } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { useAdminAction } from '../kit/use-admin-crud';
import { useConfirmation } from '../kit/use-confirmation';
import {
  useGetOverlayTokensQuery,
  useIssueOverlayTokenMutation,
  useRevokeOverlayTokenMutation,
  useShowOverlayUrlMutation,
} from './admin-overlays-api';
import { OverlaySettingsForm } from './overlay-settings-form';
import './overlays-page.css';

/**
 * OBS overlays: one URL per overlay, shown (with a copy button and a live preview) when issued and again on request
 * without changing it; rotating issues a new one and the old URL stops at once. Each overlay's settings apply to
 * the open overlays as soon as they are saved.
 */
export default function OverlaysPage() {
  const { data, isLoading, isError } = useGetOverlayTokensQuery();
  const [issue, issuing] = useIssueOverlayTokenMutation();
  const [revoke, revoking] = useRevokeOverlayTokenMutation();
  const [show, showing] = useShowOverlayUrlMutation();
  const [urls, setUrls] = useState<Partial<Record<OverlayKind, string>>>({});
  const confirmation = useConfirmation();
  const act = useAdminAction();
  const toast = useToast();

  const issueUrl = async (kind: OverlayKind) => {
    let url = '';
    const done = await act(
      async () => {
        url = (await issue(kind).unwrap()).url;
      },
      `${OVERLAY_LABELS[kind].name}: new URL issued`,
      'Failed to issue the overlay URL',
    );
    if (done) setUrls((current) => ({ ...current, [kind]: url }));
  };
  const showUrl = async (kind: OverlayKind) => {
    try {
      const { url } = await show(kind).unwrap();
      setUrls((current) => ({ ...current, [kind]: url }));
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to show the overlay URL'));
    }
  };
  const revokeUrl = async (kind: OverlayKind) => {
    const done = await act(() => revoke(kind).unwrap(), `${OVERLAY_LABELS[kind].name}: URL revoked`, 'Failed to revoke the overlay URL');
    if (done)
      setUrls((current) => {
        const { [kind]: _revoked, ...rest } = current;
        return rest;
      });
  };
  const askRotate = (kind: OverlayKind) =>
    confirmation.ask({
      title: 'Rotate overlay URL',
      message: `The current ${OVERLAY_LABELS[kind].name} URL stops working at once, in OBS too; paste the new one there. To copy the current URL again, use Show URL instead.`,
      confirmLabel: 'Rotate',
      run: () => issueUrl(kind),
    });
  const askRevoke = (kind: OverlayKind) =>
    confirmation.ask({
      title: 'Revoke overlay URL',
      message: `The ${OVERLAY_LABELS[kind].name} URL stops working at once and the overlay shows nothing.`,
      confirmLabel: 'Revoke',
      run: () => revokeUrl(kind),
    });

  const byKind = new Map((data ?? []).map((t) => [t.kind, t]));
  return (
    <div className="admin-page">
      <PageHeader title="Overlays">
        <p className="field-hint">
          Add each URL to OBS as a browser source of 1920×1080. Anyone with a URL sees that overlay, nothing else.
        </p>
      </PageHeader>
      <QueryStatus isLoading={isLoading} isError={isError} loadingText="Loading overlays..." errorText="Failed to load overlays." />
      {data && (
        <ul className="overlay-cards">
          {OVERLAY_KINDS.map((kind) => (
            <OverlayCard
              key={kind}
              kind={kind}
              token={byKind.get(kind)}
              url={urls[kind]}
              busy={issuing.isLoading || revoking.isLoading || showing.isLoading}
              onShow={() => void showUrl(kind)}
              onHide={() =>
                setUrls((current) => {
                  const { [kind]: _hidden, ...rest } = current;
                  return rest;
                })
              }
              onIssue={() => (byKind.get(kind)?.active ? askRotate(kind) : void issueUrl(kind))}
              onRevoke={() => askRevoke(kind)}
            />
          ))}
        </ul>
      )}
      {confirmation.dialog}
    </div>
  );
}

interface OverlayCardProps {
  kind: OverlayKind;
  token: AdminOverlayToken | undefined;
  url: string | undefined;
  busy: boolean;
  onShow: () => void;
  onHide: () => void;
  onIssue: () => void;
  onRevoke: () => void;
}

function OverlayCard({ kind, token, url, busy, onShow, onHide, onIssue, onRevoke }: OverlayCardProps) {
  const label = OVERLAY_LABELS[kind];
  const status = token?.active
    ? `Active since ${formatDateTime(token.issued_at!)}`
    : token?.revoked_at
      ? `Revoked ${formatDateTime(token.revoked_at)}`
      : 'No URL issued yet';
  return (
    <li className="card overlay-card" aria-labelledby={`overlay-${kind}`}>
      <div className="overlay-card__head">
        <div>
          <h2 id={`overlay-${kind}`}>{label.name}</h2>
          <p className="field-hint">{label.description}</p>
          <p className="overlay-card__status">{status}</p>
        </div>
        <div className="overlay-card__actions">
          {token?.active &&
            token.url_kept &&
            (url ? (
              <button type="button" className="button button--ghost" onClick={onHide}>
                Hide URL
              </button>
            ) : (
              <button type="button" className="button button--primary" onClick={onShow} disabled={busy}>
                Show URL
              </button>
            ))}
          <button
            type="button"
            className={token?.active ? 'button button--ghost' : 'button button--primary'}
            onClick={onIssue}
            disabled={busy}
          >
            {token?.active ? 'Rotate URL' : 'Generate URL'}
          </button>
          {token?.active && (
            <button type="button" className="button button--danger" onClick={onRevoke} disabled={busy}>
              Revoke
            </button>
          )}
        </div>
      </div>
      {url ? (
        <div className="overlay-card__url">
          <label htmlFor={`overlay-url-${kind}`}>Browser source URL (admins only: anyone with it sees this overlay)</label>
          <div className="overlay-card__copy">
            <input id={`overlay-url-${kind}`} className="input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
            <CopyCodeButton code={url} label="Copy URL" context={label.name} />
          </div>
          <div className="overlay-preview">
            <iframe title={`${label.name} preview`} src={url} width={1920} height={1080} />
          </div>
        </div>
      ) : (
        token?.active &&
        !token.url_kept && (
          <p className="field-hint">
            This URL was issued before URLs were kept and cannot be shown again: rotate it once (and paste the new one into OBS) to be able
            to copy it later.
          </p>
        )
      )}
      {token && (
        <details className="overlay-card__settings">
          <summary>Position, size, colours and fields</summary>
          <OverlaySettingsForm kind={kind} name={label.name} settings={token.settings} />
        </details>
      )}
    </li>
  );
}
