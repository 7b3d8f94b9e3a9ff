import { useState } from 'react';
import { READ_API_SCOPES, type AdminReadApiToken, type CreatedReadApiToken, type ReadApiScope } from '@kickback/contracts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CopyCodeButton } from '../../components/ui/copy-code-button';
import { DataTable } from '../../components/ui/data-table';
import { PageHeader } from '../../components/ui/page-header';
import { QueryStatus } from '../../components/ui/query-status';
import { TextField } from '../../components/ui/text-field';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import { useAdminAction } from '../kit/use-admin-crud';
import { useCreateReadApiTokenMutation, useGetReadApiTokensQuery, useRevokeReadApiTokenMutation } from './admin-read-api-api';
import './read-api-page.css';

const SCOPE_LABELS: Record<ReadApiScope, string> = {
  leaderboard: 'Leaderboard',
  raffles: 'Raffles',
  winners: 'Recent winners',
  hunts: 'Bonus hunts',
  tournaments: 'Tournaments',
};

/**
 * Read API tokens for other tools. A token is shown once, right after it is created (only its hash is kept), and
 * reads only the public data of its scopes.
 */
export default function ReadApiPage() {
  const { data, isLoading, isError } = useGetReadApiTokensQuery();
  const [revoke, revoking] = useRevokeReadApiTokenMutation();
  const [created, setCreated] = useState<CreatedReadApiToken | null>(null);
  const [pending, setPending] = useState<AdminReadApiToken | null>(null);
  const act = useAdminAction();

  const confirm = async () => {
    if (!pending) return;
    await act(() => revoke(pending.id).unwrap(), `Token "${pending.name}" revoked`, 'Failed to revoke the token');
    if (created?.id === pending.id) setCreated(null);
    setPending(null);
  };

  return (
    <div className="admin-page">
      <PageHeader title="Read API">
        <p className="field-hint">
          Tokens let other tools (a stream deck, a bot, a spreadsheet) read what the public pages show. Send one as &ldquo;Authorization:
          Bearer&nbsp;&hellip;&rdquo; to the routes under /api/v1 (see the API documentation).
        </p>
      </PageHeader>
      <CreateTokenForm onCreated={setCreated} />
      {created && (
        <section className="card admin-form" aria-labelledby="read-api-new-token">
          <h2 id="read-api-new-token">New token: {created.name}</h2>
          <label htmlFor="read-api-token-value">Token (shown only now)</label>
          <div className="read-api-token">
            <input id="read-api-token-value" className="input" readOnly value={created.token} onFocus={(e) => e.currentTarget.select()} />
            <CopyCodeButton code={created.token} label="Copy token" context={created.name} />
          </div>
          <p className="field-hint">It is stored hashed and cannot be shown again: copy it into the tool now.</p>
        </section>
      )}
      <section aria-labelledby="read-api-tokens-heading">
        <h2 id="read-api-tokens-heading">Tokens</h2>
        <QueryStatus
          isLoading={isLoading}
          isError={isError}
          isEmpty={data?.length === 0}
          loadingText="Loading tokens..."
          errorText="Failed to load tokens."
          emptyText="No tokens yet."
        />
        {data && data.length > 0 && (
          <DataTable caption="Read API tokens" columns={['Name', 'Token', 'Scopes', 'Created', 'Last used', 'Status']} actions>
            {data.map((token) => (
              <tr key={token.id}>
                <td>{token.name}</td>
                <td>
                  <code>{token.prefix}&hellip;</code>
                </td>
                <td>{token.scopes.map((scope) => SCOPE_LABELS[scope]).join(', ')}</td>
                <td>
                  {formatDateTime(token.created_at)}
                  {token.created_by && ` by ${token.created_by}`}
                </td>
                <td>{token.last_used_at ? formatDateTime(token.last_used_at) : 'Never'}</td>
                <td>{token.revoked_at ? `Revoked ${formatDateTime(token.revoked_at)}` : 'Active'}</td>
                <td>
                  {!token.revoked_at && (
                    <button type="button" className="button button--danger button--small" onClick={() => setPending(token)}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      {pending && (
        <ConfirmDialog
          title={`Revoke "${pending.name}"`}
          message="Tools using this token are refused from the next request on. This cannot be undone."
          confirmLabel="Revoke"
          busy={revoking.isLoading}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      )}
    </div>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedReadApiToken) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ReadApiScope[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, creating] = useCreateReadApiTokenMutation();
  const toast = useToast();

  const submit = async () => {
    setErrors({});
    try {
      onCreated(await create({ name, scopes }).unwrap());
      toast.success('Token created: copy it now, it is not shown again');
      setName('');
      setScopes([]);
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error, 'Failed to create the token'));
    }
  };

  return (
    <form
      className="card admin-form"
      aria-label="New token"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2>New token</h2>
      <TextField label="Name" value={name} onChange={setName} maxLength={60} error={errors.name} hint="The tool that will use it." />
      <fieldset className="admin-fieldset">
        <legend>Scopes</legend>
        <div className="admin-grid">
          {READ_API_SCOPES.map((scope) => (
            <label className="checkbox" key={scope}>
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(event) =>
                  setScopes((current) => (event.target.checked ? [...current, scope] : current.filter((s) => s !== scope)))
                }
              />{' '}
              {SCOPE_LABELS[scope]}
            </label>
          ))}
        </div>
        {errors.scopes && <span className="field-error">{errors.scopes}</span>}
      </fieldset>
      <div className="admin-form-actions">
        <button type="submit" className="button button--primary" disabled={creating.isLoading}>
          {creating.isLoading ? 'Creating...' : 'Create token'}
        </button>
      </div>
    </form>
  );
}
