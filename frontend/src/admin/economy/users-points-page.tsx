import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatNumber } from '../../lib/format';
import { useGetAdminUsersQuery, type AdminUserRow } from './admin-economy-api';
import { PageHeader } from '../../components/ui/page-header';
import { Pager } from '../../components/ui/pager';
import { QueryStatus } from '../../components/ui/query-status';
import { DataTable } from '../../components/ui/data-table';
import { UserDetailPage } from '../users/user-detail-page';
import { UserPointsPanel } from './user-points-panel';

/** The members directory; `?user={id}` opens one member's detail (standing, points and XP ledgers, badges). */
export default function StoreUsersPointsPage() {
  const [params] = useSearchParams();
  const detailId = Number(params.get('user'));
  if (Number.isInteger(detailId) && detailId > 0) return <UserDetailPage key={detailId} userId={detailId} />;
  return <UsersDirectory />;
}

function UsersDirectory() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useGetAdminUsersQuery({ search: query, page });
  const [selected, setSelected] = useState<AdminUserRow | null>(null);

  return (
    <div className="admin-page">
      <PageHeader title="Users & Points" />
      <form
        className="field"
        style={{ maxWidth: '24rem' }}
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(search.trim());
          setPage(1);
        }}
      >
        <label htmlFor="admin-user-search">Search users</label>
        <input
          id="admin-user-search"
          className="input"
          type="search"
          value={search}
          maxLength={64}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Username or Kick name"
        />
      </form>
      {selected && <UserPointsPanel key={selected.id} user={selected} onClose={() => setSelected(null)} />}
      <QueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={data?.data.length === 0}
        loadingText="Loading users..."
        errorText="Failed to load users."
        emptyText="No users found."
      />
      {data && data.data.length > 0 && (
        <DataTable caption="Users with their points" columns={['User', 'Role', 'Points']} actions>
          {data.data.map((u) => (
            <tr key={u.id}>
              <th scope="row">
                {u.username}
                {u.kick_username && <div className="field-hint">Kick: {u.kick_username}</div>}
              </th>
              <td>{u.role}</td>
              <td>{formatNumber(u.points)}</td>
              <td>
                <div className="admin-row-actions">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={`Points of ${u.username}`}
                    onClick={() => setSelected(u)}
                  >
                    Points
                  </button>
                  <Link className="button button--ghost button--small" to={`?user=${u.id}`} aria-label={`Details of ${u.username}`}>
                    Details
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {data && <Pager label="User pages" page={page} lastPage={data.pagination.last_page} onPage={setPage} />}
    </div>
  );
}
