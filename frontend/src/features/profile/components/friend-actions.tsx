import { useState } from 'react';
import type { PublicProfile } from '@kickback/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useFriendActions } from '../../../lib/use-friend-actions';
import { friendshipFlags } from '../profile-values';

/**
 * SPEC §2/§4: the logged-in viewer's buttons on another member's profile, driven by the can_* flags. The sender of
 * a pending request has every flag off and sees 'Request Sent'; an accepted friendship shows the 'Friends' label.
 */
export function FriendActions({ profile, name }: { profile: PublicProfile; name: string }) {
  const actions = useFriendActions();
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const flags = friendshipFlags(profile);
  const id = flags.id;
  const requestSent =
    flags.status === 'pending' && !flags.can_accept && !flags.can_decline && !flags.can_send_request && flags.sender_id !== profile.id;

  return (
    <div className="profile-friend-actions">
      {flags.status === 'accepted' && (
        <span className="profile-friends-label" data-testid="friends-label">
          <span aria-hidden="true">✓</span> Friends
        </span>
      )}
      {flags.can_send_request && (
        <button type="button" className="button button--primary" disabled={actions.busy} onClick={() => void actions.send(profile.id)}>
          Add Friend
        </button>
      )}
      {flags.can_accept && id !== null && (
        <button type="button" className="button button--primary" disabled={actions.busy} onClick={() => void actions.accept(id)}>
          Accept
        </button>
      )}
      {flags.can_decline && id !== null && (
        <button type="button" className="button button--ghost" disabled={actions.busy} onClick={() => void actions.decline(id)}>
          Decline
        </button>
      )}
      {requestSent && (
        <button type="button" className="button button--ghost" disabled>
          Request Sent
        </button>
      )}
      {flags.can_remove && id !== null && (
        <button type="button" className="button button--ghost" disabled={actions.busy} onClick={() => setConfirmingRemove(true)}>
          Remove Friend
        </button>
      )}
      {confirmingRemove && id !== null && (
        <ConfirmDialog
          title="Remove friend?"
          message={`${name} will no longer be in your friends list.`}
          confirmLabel="Remove Friend"
          busy={actions.busy}
          onConfirm={() => void actions.remove(id).then(() => setConfirmingRemove(false))}
          onCancel={() => setConfirmingRemove(false)}
        />
      )}
    </div>
  );
}
