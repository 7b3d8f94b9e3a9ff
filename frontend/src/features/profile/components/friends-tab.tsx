import { Link } from 'react-router-dom';
import type { PublicProfile } from '@kickback/contracts';
import { PROFILE_FRIENDS_TAB } from '@kickback/contracts/api/profiles';
import { Avatar } from '../../../components/ui/avatar';
import { useGetMutualFriendsQuery } from '../profile-api';
import { personName } from '../../../lib/person-name';
import { LoginCta } from '../../../components/ui/login-cta';
import { LoadFailedNote } from '../../../components/ui/load-failed';

function MutualFriends({ userId }: { userId: number }) {
  const { data, isLoading, isError, refetch } = useGetMutualFriendsQuery(userId);
  if (isLoading) {
    return (
      <p className="profile-muted" role="status">
        Loading mutual friends...
      </p>
    );
  }
  if (isError || !data) {
    return <LoadFailedNote message="Failed to load mutual friends" onRetry={refetch} />;
  }
  return (
    <>
      <h2>{PROFILE_FRIENDS_TAB.mutualTitle(data.length)}</h2>
      {data.length === 0 ? (
        <p className="profile-muted">{PROFILE_FRIENDS_TAB.noMutual}</p>
      ) : (
        <ul className="profile-friends" data-testid="mutual-friends">
          {data.map((friend) => (
            <li key={friend.id}>
              <Link to={`/profile/${encodeURIComponent(friend.username)}`} className="profile-friend">
                <Avatar user={friend} name={personName(friend)} size={40} />
                <span>
                  <span className="profile-friend__name">{personName(friend)}</span>
                  <span className="profile-muted"> · Lvl {friend.level}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** SPEC §2 friends tab: mutual friends for another member, a pointer for oneself, a login prompt for visitors. */
export function FriendsTab({ profile, viewerLoggedIn, isOwn }: { profile: PublicProfile; viewerLoggedIn: boolean; isOwn: boolean }) {
  if (!viewerLoggedIn) {
    return (
      <div className="card profile-section">
        <h2>{PROFILE_FRIENDS_TAB.loginTitle}</h2>
        <p className="profile-muted">{PROFILE_FRIENDS_TAB.loginText}</p>
        <LoginCta />
      </div>
    );
  }
  if (isOwn) {
    return (
      <div className="card profile-section">
        <h2>Your Friends</h2>
        <p className="profile-muted" data-testid="friends-pointer">
          Manage your friends and friend requests through the Friends menu in the top navigation.
        </p>
      </div>
    );
  }
  return (
    <div className="card profile-section">
      <MutualFriends userId={profile.id} />
    </div>
  );
}
