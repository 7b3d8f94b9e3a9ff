import { Link } from 'react-router-dom';
import type { FriendUser } from '@kickback/contracts';
import { Avatar } from '../../components/ui/avatar';
import { useGetFriendsMenuQuery } from '../../lib/friends-api';
import { personName } from '../../lib/person-name';
import { useFriendActions } from '../../lib/use-friend-actions';
import { FriendSearch } from './friend-search';
import { LoadFailedNote } from '../../components/ui/load-failed';

function MemberLink({ user }: { user: FriendUser }) {
  return (
    <Link to={`/profile/${encodeURIComponent(user.username)}`} className="friends-menu__member">
      <Avatar user={user} name={personName(user)} size={28} />
      <span>{personName(user)}</span>
    </Link>
  );
}

/** The friends menu's contents: incoming requests (Accept/Decline), requests sent, and current friends. */
export default function FriendsMenuPanel() {
  const { data, isLoading, isError, refetch } = useGetFriendsMenuQuery();
  const actions = useFriendActions();

  if (isLoading) {
    return (
      <p className="friends-menu__muted" role="status">
        Loading friends...
      </p>
    );
  }
  if (isError || !data) {
    return <LoadFailedNote message="Failed to load friends" onRetry={refetch} className="friends-menu__muted" />;
  }
  return (
    <div className="friends-menu__sections">
      <section aria-labelledby="friends-menu-requests">
        <h2 id="friends-menu-requests" className="friends-menu__title">
          Friend Requests ({data.incoming.length})
        </h2>
        {data.incoming.length === 0 ? (
          <p className="friends-menu__muted">No pending friend requests</p>
        ) : (
          <ul className="friends-menu__list" data-testid="friends-menu-requests">
            {data.incoming.map((request) => (
              <li key={request.friendship_id} className="friends-menu__row">
                <MemberLink user={request.user} />
                <span className="friends-menu__actions">
                  <button
                    type="button"
                    className="button button--primary button--small"
                    disabled={actions.busy}
                    aria-label={`Accept ${personName(request.user)}`}
                    onClick={() => void actions.accept(request.friendship_id)}
                  >
                    Accept
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={actions.busy}
                    aria-label={`Decline ${personName(request.user)}`}
                    onClick={() => void actions.decline(request.friendship_id)}
                  >
                    Decline
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {data.outgoing.length > 0 && (
        <section aria-labelledby="friends-menu-sent">
          <h2 id="friends-menu-sent" className="friends-menu__title">
            Requests Sent ({data.outgoing.length})
          </h2>
          <ul className="friends-menu__list">
            {data.outgoing.map((request) => (
              <li key={request.friendship_id} className="friends-menu__row">
                <MemberLink user={request.user} />
                <span className="friends-menu__muted">Request Sent</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="friends-menu-friends">
        <h2 id="friends-menu-friends" className="friends-menu__title">
          Friends ({data.friends.length})
        </h2>
        {data.friends.length === 0 ? (
          <p className="friends-menu__muted">No friends yet</p>
        ) : (
          <ul className="friends-menu__list" data-testid="friends-menu-friends">
            {data.friends.map((friend) => (
              <li key={friend.friendship_id} className="friends-menu__row">
                <MemberLink user={friend.user} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <FriendSearch />
    </div>
  );
}
