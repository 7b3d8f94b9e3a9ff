import { useState } from 'react';
import type { AdminReadApiToken, CreatedReadApiToken } from '@kickback/contracts';
import { CopyCodeButton } from '../../components/ui/copy-code-button';
import { PageHeader } from '../../components/ui/page-header';
import { formatDateTime } from '../../lib/format';
import { listTexts, type Column } from '../kit/resource';
import { useAdminAction } from '../kit/use-admin-crud';
import { useConfirmation } from '../kit/use-confirmation';
import { useGetReadApiTokensQuery, useRevokeReadApiTokenMutation } from './admin-read-api-api';
import { ReadApiTokenForm, SCOPE_LABELS } from './read-api-token-form';
import './read-api-page.css';
import { RowActions, SmallButton, StatusTable } from '../kit/rows';

const columns: Column<AdminReadApiToken>[] = [
  { header: 'Name', cell: (token) => token.name },
  { header: 'Token', cell: (token) => <code>{token.prefix}&hellip;</code> },
  { header: 'Scopes', cell: (token) => token.scopes.map((scope) => SCOPE_LABELS[scope]).join(', ') },
  { header: 'Created', cell: (token) => `${formatDateTime(token.created_at)}${token.created_by ? ` by ${token.created_by}` : ''}` },
  { header: 'Last used', cell: (token) => (token.last_used_at ? formatDateTime(token.last_used_at) : 'Never') },
  { header: 'Status', cell: (token) => (token.revoked_at ? `Revoked ${formatDateTime(token.revoked_at)}` : 'Active') },
];

/**
 * Read API tokens for other tools. A token is shown once, right after it is created (only its hash is kept), and
 * reads only the public data of its scopes. It stays a page built from kit parts: its create form is always open
 * and checked by its contract, the new token shows once beside it, and tokens are revoked, never edited.
 */
export default function ReadApiPage() {
  const { data, isLoading, isError } = useGetReadApiTokensQuery();
  const [revoke] = useRevokeReadApiTokenMutation();
  const [created, setCreated] = useState<CreatedReadApiToken | null>(null);
  const confirmation = useConfirmation();
  const act = useAdminAction();

  const askRevoke = (token: AdminReadApiToken) =>
    confirmation.ask({
      title: `Revoke "${token.name}"`,
      message: 'Tools using this token are refused from the next request on. This cannot be undone.',
      confirmLabel: 'Revoke',
      run: async () => {
        await act(() => revoke(token.id).unwrap(), `Token "${token.name}" revoked`, 'Failed to revoke the token');
        setCreated((shown) => (shown?.id === token.id ? null : shown));
      },
    });

  return (
    <div className="admin-page">
      <PageHeader title="Read API">
        <p className="field-hint">
          Tokens let other tools (a stream deck, a bot, a spreadsheet) read what the public pages show. Send one as &ldquo;Authorization:
          Bearer&nbsp;&hellip;&rdquo; to the routes under /api/v1 (see the API documentation).
        </p>
      </PageHeader>
      <ReadApiTokenForm onCreated={setCreated} />
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
        <StatusTable
          query={{ isLoading, isError }}
          rows={data}
          texts={listTexts('tokens', 'No tokens yet.', 'Read API tokens')}
          columns={columns}
          actions={(token) => (
            <RowActions name={token.name}>
              {!token.revoked_at && (
                <SmallButton tone="danger" onClick={() => askRevoke(token)}>
                  Revoke
                </SmallButton>
              )}
            </RowActions>
          )}
        />
      </section>
      {confirmation.dialog}
    </div>
  );
}
