import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { KickConnectionStatus } from '@kickback/contracts';
import { kickChannelInputSchema } from '@kickback/contracts/api/kick-connection';
import { PageHeader } from '../../components/ui/page-header';
import { TextField } from '../../components/ui/text-field';
import { formatDateTime } from '../activity/activity-format';
import { ContractTextField } from '../kit/contract-fields';
import { useAdminAction, useAdminSubmit } from '../kit/use-admin-crud';
import { useContractValidation } from '../kit/use-contract-validation';
import { KickChatReplies } from './kick-chat-replies';
import { useDisconnectKickMutation, useGetKickConnectionQuery, useSaveKickChannelMutation } from './kick-connection-api';
import { KickModeratorsNote } from './kick-moderators-note';
import { QueryLines } from '../kit/rows';
import { useConfirmation } from '../kit/use-confirmation';

const RETURN_MESSAGES: Record<string, string> = {
  connected: 'Kick account connected.',
  denied: 'Kick login was cancelled: nothing changed.',
  state: 'The Kick login expired or did not start here: try again.',
  failed: 'Kick did not accept the login: try again.',
};

/** The streamer (or their bot account) logs in with Kick here; bot chat replies and the channel depend on it. */
export default function KickConnectionPage() {
  const status = useGetKickConnectionQuery();
  const [params] = useSearchParams();
  const returned = params.get('connected') ? 'connected' : params.get('error');
  return (
    <div className="admin-page kick-connection">
      <PageHeader title="Kick connection">
        <p className="field-hint">The Kick account bot replies post as, and the channel the player and the earning events use.</p>
      </PageHeader>
      {returned && (
        <p role="status" className="admin-status">
          {RETURN_MESSAGES[returned] ?? RETURN_MESSAGES.failed}
        </p>
      )}
      <QueryLines query={status} texts={{ loading: 'Loading the Kick connection...', error: 'Failed to load the Kick connection.' }} />
      {status.data && (
        <>
          <KickAccount status={status.data} />
          <KickChannel status={status.data} />
          <KickModeratorsNote />
        </>
      )}
    </div>
  );
}

function KickAccount({ status }: { status: KickConnectionStatus }) {
  const [disconnect] = useDisconnectKickMutation();
  const confirmation = useConfirmation();
  const run = useAdminAction();
  return (
    <section className="card admin-fieldset" aria-labelledby="kick-account">
      <h2 id="kick-account">Account</h2>
      {status.account ? (
        <p>
          Connected as <strong>{status.account.username}</strong> (Kick id {status.account.kick_user_id}) since{' '}
          {formatDateTime(status.connected_at)}. Token valid until {formatDateTime(status.expires_at)}; it is refreshed before then. Kick's
          refresh tokens stop working about 30 days after connecting: reconnect before {formatDateTime(status.reconnect_by)}.
        </p>
      ) : (
        <p>No Kick account is connected.</p>
      )}
      {status.account && status.token_refresh.state !== 'ok' && (
        <p role="alert" className="admin-status" data-testid="token-refresh">
          {status.token_refresh.state === 'reconnect' ? 'Reconnect needed' : 'Token refresh retrying'}: {status.token_refresh.message}
        </p>
      )}
      <KickChatReplies status={status} />
      {status.account && status.missing_scopes.length > 0 && (
        <p className="field-hint">Not granted: {status.missing_scopes.join(', ')}. Reconnect and allow them.</p>
      )}
      <div className="admin-form-actions">
        <a className="button" href="/auth/kick/connect">
          {status.connected ? 'Reconnect with Kick' : 'Connect with Kick'}
        </a>
        {status.connected && (
          <button
            type="button"
            className="button button--danger"
            onClick={() =>
              confirmation.ask({
                title: 'Disconnect the Kick account?',
                message: 'Its tokens are revoked at Kick and bot replies stop until an account is connected again.',
                confirmLabel: 'Disconnect',
                run: () => run(() => disconnect().unwrap(), 'Kick account disconnected.', 'Failed to disconnect.'),
              })
            }
          >
            Disconnect
          </button>
        )}
      </div>
      {confirmation.dialog}
    </section>
  );
}

/** The channel by slug or by broadcaster id, each checked by the contract before Kick is asked for the other. */
function KickChannel({ status }: { status: KickConnectionStatus }) {
  const { channel } = status;
  const [save, saving] = useSaveKickChannelMutation();
  const { serverErrors, submit } = useAdminSubmit();
  const { errors, validate } = useContractValidation(kickChannelInputSchema, serverErrors);
  const [slug, setSlug] = useState(channel.slug ?? '');
  const [broadcaster, setBroadcaster] = useState(channel.broadcaster_user_id ? String(channel.broadcaster_user_id) : '');
  // Text that is no id at all gets its own word; a number goes to the contract.
  const [notAnId, setNotAnId] = useState(false);

  const send = (by: 'slug' | 'broadcaster_user_id') => (event: FormEvent) => {
    event.preventDefault();
    const id = Number(broadcaster);
    const badId = by === 'broadcaster_user_id' && !(Number.isSafeInteger(id) && id > 0);
    setNotAnId(badId);
    // The typed slug is sent as typed (trimmed): the server lowercases it as the contract says.
    const input = by === 'slug' ? { slug: slug.trim() } : { broadcaster_user_id: id };
    if (badId || !validate(input)) return;
    const apply = ({ channel: saved }: KickConnectionStatus) => {
      setSlug(saved.slug ?? '');
      setBroadcaster(saved.broadcaster_user_id ? String(saved.broadcaster_user_id) : '');
    };
    void submit(() => save(input).unwrap().then(apply), 'Channel saved.', 'Failed to save the channel.');
  };

  return (
    <section className="card admin-fieldset" aria-labelledby="kick-channel">
      <h2 id="kick-channel">Channel</h2>
      <p>
        Player: <strong>{channel.slug ?? '—'}</strong>
        {channel.resolved_broadcaster_user_id !== null && ` (Kick broadcaster ${channel.resolved_broadcaster_user_id})`}. Earning events for
        broadcaster: <strong>{channel.broadcaster_user_id ?? '—'}</strong>.
      </p>
      {channel.mismatch && (
        <p role="alert" className="admin-status">
          {channel.mismatch} Save the channel below to make both the same.
        </p>
      )}
      <p className="field-hint">Saving either one asks Kick for the other, so the player and the events always name one channel.</p>
      <form onSubmit={send('slug')} noValidate>
        <ContractTextField
          schema={kickChannelInputSchema}
          name="slug"
          label="Channel slug"
          value={slug}
          onChange={setSlug}
          error={errors.slug}
        />
        <button type="submit" className="button button--secondary" disabled={saving.isLoading}>
          Save by slug
        </button>
      </form>
      <form onSubmit={send('broadcaster_user_id')} noValidate>
        <TextField
          label="Broadcaster id"
          value={broadcaster}
          onChange={setBroadcaster}
          error={notAnId ? 'The broadcaster id must be a positive whole number.' : errors.broadcaster_user_id}
        />
        <button type="submit" className="button button--secondary" disabled={saving.isLoading}>
          Save by broadcaster id
        </button>
      </form>
    </section>
  );
}
