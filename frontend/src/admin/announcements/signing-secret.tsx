import { useState } from 'react';
import { CopyCodeButton } from '../../components/ui/copy-code-button';

/** A generic webhook's signing secret: hidden until asked for, since the panel may be on a streamed screen. */
export function SigningSecret({ hookName, secret }: { hookName: string; secret: string }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="card admin-form">
      <h2>Signing secret of {hookName}</h2>
      <p className="field-hint">
        Receivers check each delivery's X-Kickback-Signature with it (HMAC-SHA256; steps in docs/announcements.md).
      </p>
      <div className="admin-row-actions">
        <code aria-label={`Signing secret of ${hookName}`}>{shown ? secret : '••••••••••••••••'}</code>
        <button type="button" className="button button--ghost button--small" onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide' : 'Show'}
        </button>
        <CopyCodeButton code={secret} context={`signing secret of ${hookName}`} label="Copy Secret" />
      </div>
    </div>
  );
}
