import { Link } from 'react-router-dom';
import { errorStatus } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { PageHeader } from '../../components/ui/page-header';
import { UserPointsPanel } from '../economy/user-points-panel';
import { useGetAdminUserQuery } from './admin-users-api';
import { UserBadgesPanel } from './user-badges-panel';
import { UserKickPanel } from './user-kick-panel';
import { UserStandingPanel } from './user-standing-panel';
import { UserXpPanel } from './user-xp-panel';

/** One member for admins: who they are, role and ban, their Kick ban and follow, the points ledger next to the XP ledger, and badges. */
export function UserDetailPage({ userId }: { userId: number }) {
  const { data: user, isLoading, isError, error } = useGetAdminUserQuery(userId);
  const back = (
    <Link to="." className="button button--ghost button--small">
      ← All users
    </Link>
  );
  if (isLoading || isError || !user) {
    return (
      <div className="admin-page">
        {back}
        <p role={isLoading ? 'status' : 'alert'} className="admin-status">
          {isLoading ? 'Loading user...' : errorStatus(error) === 404 ? 'User not found.' : 'Failed to load the user.'}
        </p>
      </div>
    );
  }
  return (
    <div className="admin-page">
      {back}
      <PageHeader title={user.username}>
        <p className="field-hint">
          {user.kick_username ? `Kick: ${user.kick_username} · ` : ''}
          {user.role} · joined {formatDateTime(user.created_at)} · last seen {user.last_seen ? formatDateTime(user.last_seen) : 'never'}
          {' · '}
          <a href={`/profile/${encodeURIComponent(user.username)}`}>Public profile</a>
        </p>
      </PageHeader>
      <UserStandingPanel key={`${user.role}-${user.banned_at ?? ''}`} user={user} />
      <UserKickPanel userId={user.id} username={user.username} />
      <div className="admin-user-ledgers">
        <UserPointsPanel user={user} />
        <UserXpPanel userId={user.id} />
      </div>
      <UserBadgesPanel userId={user.id} />
    </div>
  );
}
