import { useState } from 'react';
import type { AnnouncementHook } from '@kickback/contracts';
import { CopyCodeButton } from '../../components/ui/copy-code-button';
import { useRevealAnnouncementSecretMutation } from './admin-announcements-api';
import { SmallButton } from '../kit/rows';

/**
 * A generic webhook's signing secret: the list carries only a masked hint; Show asks the server for the secret (an
 * audited reveal) and Hide forgets it, since the panel may be on a streamed screen.
 */
export function SigningSecret({ hook }: { hook: AnnouncementHook }) {
  const [secret, setSecret] = useState<string | null>(null);
  const [reveal, state] = useRevealAnnouncementSecretMutation();
  const show = async () => {
    const answer = await reveal(hook.id)
      .unwrap()
      .catch(() => null);
    if (answer) setSecret(answer.signing_secret);
  };
  return (
    <div className="card admin-form">
      <h2>Signing secret of {hook.name}</h2>
      <p className="field-hint">
        Receivers check each delivery's X-Kickback-Signature with it (HMAC-SHA256; steps in docs/announcements.md). Showing it is recorded
        in the audit log.
      </p>
      <div className="admin-row-actions">
        <code aria-label={`Signing secret of ${hook.name}`}>{secret ?? hook.signing_secret_hint}</code>
        {secret ? (
          <>
            <SmallButton onClick={() => setSecret(null)}>Hide</SmallButton>
            <CopyCodeButton code={secret} context={`signing secret of ${hook.name}`} label="Copy Secret" />
          </>
        ) : (
          <SmallButton disabled={state.isLoading} onClick={() => void show()}>
            Show
          </SmallButton>
        )}
      </div>
      {state.isError && !secret && (
        <p role="alert" className="admin-status">
          The secret could not be shown. Try again.
        </p>
      )}
    </div>
  );
}
