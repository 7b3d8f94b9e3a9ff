import { Link } from 'react-router-dom';
import { adminUsersListQuerySchema } from '@kickback/contracts';
import { formatNumber } from '../../lib/format';
import { QueueScreen } from '../kit/queue-page';
import { type QueueResource, type QueueRowKit, listTexts } from '../kit/resource';
import { fieldFacts } from '../kit/schema-fields';
import { UserDetailPage } from '../users/user-detail-page';
import { useGetAdminUsersQuery, type AdminUserRow, type AdminUsersPage } from './admin-economy-api';
import { UserPointsPanel } from './user-points-panel';
import { SmallButton } from '../kit/rows';

const SEARCH_LIMIT = fieldFacts(adminUsersListQuerySchema.shape.search).maxLength;

const useUserActions =
  ({ openPanel }: QueueRowKit<AdminUserRow>) =>
  (u: AdminUserRow) => (
    <div className="admin-row-actions">
      <SmallButton label={`Points of ${u.username}`} onClick={() => openPanel(u)}>
        Points
      </SmallButton>
      <Link className="button button--ghost button--small" to={`?user=${u.id}`} aria-label={`Details of ${u.username}`}>
        Details
      </Link>
    </div>
  );

/** The members directory; a row's Points opens its ledger above the list, `?user={id}` its detail (standing, ledgers, badges). */
const users: QueueResource<AdminUserRow, { search: string }, AdminUsersPage> = {
  title: 'Users & Points',
  filters: {
    defaults: { search: '' },
    declarations: [],
    search: {
      name: 'search',
      label: 'Search users',
      id: 'admin-user-search',
      placeholder: 'Username or Kick name',
      maxLength: SEARCH_LIMIT,
    },
  },
  useList: (query) => useGetAdminUsersQuery(query),
  texts: listTexts('users', 'No users found.', 'Users with their points'),
  pagerLabel: 'User pages',
  columns: [
    {
      header: 'User',
      rowHeader: true,
      cell: (u) => (
        <>
          {u.username}
          {u.kick_username && <div className="field-hint">Kick: {u.kick_username}</div>}
        </>
      ),
    },
    { header: 'Role', cell: (u) => u.role },
    { header: 'Points', cell: (u) => formatNumber(u.points) },
  ],
  useRowActions: useUserActions,
  panel: (u, close) => <UserPointsPanel user={u} onClose={close} />,
  detail: { param: 'user', render: (id) => <UserDetailPage userId={id} /> },
};

export default function StoreUsersPointsPage() {
  return <QueueScreen resource={users} />;
}
