import { useState, type FormEvent } from 'react';
import type { AdminUserDetail, Role } from '@kickback/contracts';
import { ADMIN_USER_MESSAGES } from '@kickback/contracts/api/admin-users';
import { ROLES } from '@kickback/contracts/api/auth';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { formatDateTime } from '../../lib/format';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useAdminAction } from '../kit/use-admin-crud';
import { useBanUserMutation, useSetUserRoleMutation, useUnbanUserMutation } from './admin-users-api';

/**
 * Role and ban. The server refuses demoting the last Admin and banning an Admin; a ban ends the member's sessions
 * and sockets at once. Its words are what the toasts show.
 */
export function UserStandingPanel({ user }: { user: AdminUserDetail }) {
  const [role, setRole] = useState<Role>(user.role);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [confirmingBan, setConfirmingBan] = useState(false);
  const [setUserRole, roleState] = useSetUserRoleMutation();
  const [ban, banState] = useBanUserMutation();
  const [unban, unbanState] = useUnbanUserMutation();
  const act = useAdminAction();
  const toast = useToast();

  const saveRole = async (event: FormEvent) => {
    event.preventDefault();
    const done = await act(() => setUserRole({ id: user.id, role }).unwrap(), ADMIN_USER_MESSAGES.roleChanged, 'Failed to change the role');
    if (!done) setRole(user.role);
  };

  const askBan = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setReasonError('The reason field is required.');
      return;
    }
    setReasonError(undefined);
    setConfirmingBan(true);
  };

  const confirmBan = async () => {
    try {
      await ban({ id: user.id, reason: reason.trim() }).unwrap();
      toast.success(ADMIN_USER_MESSAGES.banned);
      setReason('');
    } catch (error) {
      setReasonError(fieldErrors(error).reason);
      toast.error(errorMessage(error, 'Failed to ban the user'));
    } finally {
      setConfirmingBan(false);
    }
  };

  return (
    <section className="card admin-fieldset" aria-labelledby="user-standing-title">
      <h2 id="user-standing-title">Role and ban</h2>
      <form onSubmit={(e) => void saveRole(e)} className="admin-grid">
        <SelectField id="user-role" label="Role" value={role} onChange={(value) => setRole(value as Role)}>
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        <p className="field-hint" data-testid="user-role-hint">
          A moderator runs Go live (raffles, hunts, tournaments, what is on stream) and opens nothing else of the panel; staff answer
          support tickets.
        </p>
        <div className="admin-form-actions">
          <button type="submit" className="button button--primary" disabled={roleState.isLoading || role === user.role}>
            {roleState.isLoading ? 'Saving...' : 'Change Role'}
          </button>
        </div>
      </form>
      {user.banned_at ? (
        <div role="status" data-testid="user-ban-status">
          <p>
            <strong>Banned</strong> since {formatDateTime(user.banned_at)}
            {user.ban_reason && <> — {user.ban_reason}</>}
          </p>
          <button
            type="button"
            className="button button--ghost"
            disabled={unbanState.isLoading}
            onClick={() => void act(() => unban(user.id).unwrap(), ADMIN_USER_MESSAGES.unbanned, 'Failed to unban the user')}
          >
            {unbanState.isLoading ? 'Working...' : 'Unban'}
          </button>
        </div>
      ) : (
        <form onSubmit={askBan} noValidate>
          <TextField
            label="Ban reason"
            hint="Kept with the ban and shown to admins."
            value={reason}
            onChange={setReason}
            error={reasonError}
            required
            maxLength={500}
          />
          <button type="submit" className="button button--danger">
            Ban User
          </button>
        </form>
      )}
      {confirmingBan && (
        <ConfirmDialog
          title={`Ban ${user.username}?`}
          message="Their sessions and live connections end at once, they cannot log in, and they disappear from member search."
          confirmLabel="Ban"
          busy={banState.isLoading}
          onConfirm={() => void confirmBan()}
          onCancel={() => setConfirmingBan(false)}
        />
      )}
    </section>
  );
}
