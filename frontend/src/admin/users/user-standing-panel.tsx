import type { AdminUserBan, AdminUserDetail, AdminUserRoleChange } from '@kickback/contracts';
import { ADMIN_USER_MESSAGES, adminUserBanSchema, adminUserRoleSchema } from '@kickback/contracts/api/admin-users';
import { formatDateTime } from '../../lib/format';
import type { FormLayout } from '../kit/form-layout';
import { useAdminAction, useAdminSubmit } from '../kit/use-admin-crud';
import { useContractForm } from '../kit/contract-form';
import { useBanUserMutation, useSetUserRoleMutation, useUnbanUserMutation } from './admin-users-api';
import { SubmitButton } from '../kit/submit-button';
import { useConfirmation } from '../kit/use-confirmation';

const ROLE_FIELDS: FormLayout = [
  {
    name: 'role',
    label: 'Role',
    id: 'user-role',
    hint: 'A moderator runs Go live (raffles, hunts, tournaments, what is on stream) and opens nothing else of the panel; staff answer support tickets.',
  },
];
const BAN_FIELDS: FormLayout = [{ name: 'reason', label: 'Ban reason', hint: 'Kept with the ban and shown to admins.' }];

/**
 * Role and ban, each checked by its contract. The server refuses demoting the last Admin and banning an Admin; a ban
 * ends the member's sessions and sockets at once. Its words are what the toasts show.
 */
export function UserStandingPanel({ user }: { user: AdminUserDetail }) {
  const confirmation = useConfirmation();
  const [setUserRole, roleState] = useSetUserRoleMutation();
  const [ban] = useBanUserMutation();
  const [unban, unbanState] = useUnbanUserMutation();
  const act = useAdminAction();
  const { serverErrors, submit } = useAdminSubmit();
  const roleForm = useContractForm({ schema: adminUserRoleSchema, layout: ROLE_FIELDS, initial: user, serverErrors: {} });
  const banForm = useContractForm({ schema: adminUserBanSchema, layout: BAN_FIELDS, initial: null, serverErrors });

  const saveRole = async ({ role }: AdminUserRoleChange) => {
    if (!(await act(() => setUserRole({ id: user.id, role }).unwrap(), ADMIN_USER_MESSAGES.roleChanged, 'Failed to change the role')))
      roleForm.reset();
  };

  const askBan = (input: AdminUserBan) =>
    confirmation.ask({
      title: `Ban ${user.username}?`,
      message: 'Their sessions and live connections end at once, they cannot log in, and they disappear from member search.',
      confirmLabel: 'Ban',
      run: async () => {
        if (await submit(() => ban({ id: user.id, ...input }).unwrap(), ADMIN_USER_MESSAGES.banned, 'Failed to ban the user'))
          banForm.reset();
      },
    });

  return (
    <section className="card admin-fieldset" aria-labelledby="user-standing-title">
      <h2 id="user-standing-title">Role and ban</h2>
      <form onSubmit={roleForm.onSubmit((input) => void saveRole(input))} className="admin-grid">
        {roleForm.fields}
        <div className="admin-form-actions">
          <SubmitButton busy={roleState.isLoading} busyText="Saving..." disabled={roleForm.drafts.role === user.role}>
            Change Role
          </SubmitButton>
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
        <form onSubmit={banForm.onSubmit(askBan)} noValidate>
          {banForm.fields}
          <button type="submit" className="button button--danger">
            Ban User
          </button>
        </form>
      )}
      {confirmation.dialog}
    </section>
  );
}
