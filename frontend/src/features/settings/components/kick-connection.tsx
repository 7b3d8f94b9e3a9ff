import { useState } from 'react';
import type { MemberSettings } from '@kickback/contracts';
import { fullPageNavigation } from '../full-page-navigation';
import { KICK_NUDGE } from '../settings-messages';
import { useDisconnectKickMutation } from '../settings-api';
import { useSaveSettings } from '../use-save-settings';

interface KickConnectionProps {
  settings: MemberSettings;
  /** highlight=kick: the block pulses for 3 s. */
  pulsing: boolean;
  /** The member was moved here because Kick is not linked yet. */
  nudged: boolean;
}

export function KickConnection({ settings, pulsing, nudged }: KickConnectionProps) {
  const [disconnect, { isLoading }] = useDisconnectKickMutation();
  const { run } = useSaveSettings('kick');
  const connected = settings.kick_connected && !!settings.kick_username;
  // Kick is how members log in, so unlinking is asked twice.
  const [confirming, setConfirming] = useState(false);
  const confirmDisconnect = async () => {
    await run(() => disconnect().unwrap());
    setConfirming(false);
  };

  return (
    <section
      className={`settings-kick${pulsing ? ' settings-kick--pulse' : ''}`}
      aria-labelledby="settings-kick-title"
      data-testid="kick-connection"
      data-highlighted={pulsing ? 'true' : 'false'}
    >
      <div className="settings-kick__text">
        <h3 id="settings-kick-title">Kick Account</h3>
        {connected ? (
          <p>
            Connected as <strong data-testid="kick-username">{settings.kick_username}</strong>
          </p>
        ) : (
          <p>Not connected. Link your Kick account to enter raffles and have your activity counted.</p>
        )}
        {!connected && nudged && (
          <p className="settings-kick__nudge" role="status" data-testid="kick-nudge">
            {KICK_NUDGE}
          </p>
        )}
      </div>
      {connected && !confirming && (
        <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
          Disconnect
        </button>
      )}
      {connected && confirming && (
        <div className="settings-kick__confirm" role="group" aria-label="Confirm disconnecting Kick">
          <p>
            Without a connected Kick account you cannot enter raffles. Your account stays yours: logging in with Kick or pressing Connect
            links it again.
          </p>
          <div className="settings-kick__actions">
            <button type="button" className="button button--danger" disabled={isLoading} onClick={() => void confirmDisconnect()}>
              {isLoading ? 'Disconnecting...' : 'Yes, disconnect'}
            </button>
            <button type="button" className="button button--ghost" disabled={isLoading} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {!connected && (
        <button type="button" className="button button--primary" onClick={() => fullPageNavigation.go('/auth/kick')}>
          Connect Kick
        </button>
      )}
    </section>
  );
}
