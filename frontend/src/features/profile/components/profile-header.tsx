import { Link } from 'react-router-dom';
import type { PublicProfile } from '@kickback/contracts';
import { Avatar } from '../../../components/ui/avatar';
import { formatNumber } from '../../../lib/format';
import { displayNameOf, profileCounts, safeWebUrl, twitterUrl } from '../profile-values';
import { FriendActions } from './friend-actions';
import { ProfileBadges } from './profile-badges';
import { XpBar } from './xp-bar';
import { FactList } from '../../../components/ui/fact-list';

interface ProfileHeaderProps {
  profile: PublicProfile;
  /** A logged-in member is looking (friend buttons are for members only). */
  viewerLoggedIn: boolean;
  isOwn: boolean;
}

/** SPEC §2 profile header: identity, level and rank, bio and links, badges, points, achievements and the XP bar. */
export function ProfileHeader({ profile, viewerLoggedIn, isOwn }: ProfileHeaderProps) {
  const name = displayNameOf(profile);
  const counts = profileCounts(profile);
  const twitter = twitterUrl(profile);
  const website = safeWebUrl(profile.website);
  return (
    <header className="card profile-header">
      <div className="profile-header__identity">
        <div className="profile-header__avatar">
          <Avatar user={profile} name={name} size={112} />
          <span className="profile-level" data-testid="profile-level">
            Lvl {profile.level}
          </span>
        </div>
        <div className="profile-header__names">
          <h1 className="page-title">{name}</h1>
          {/* SPEC §2 names the site's display name and username here; the Kick name beside them is the one every list,
              winner and overlay shows (personName), so the profile is recognisably the same person. */}
          <p className="profile-header__username">
            @{profile.username}
            {profile.kick_username && profile.kick_username !== profile.username && (
              <span className="profile-header__kick" data-testid="profile-kick-name">
                {' '}
                · on Kick: {profile.kick_username}
              </span>
            )}
          </p>
          <p className="profile-rank" data-testid="profile-rank">
            Rank #{formatNumber(counts.rank)} <span className="profile-rank__scope">by XP among all members</span>
          </p>
          {profile.bio && <p className="profile-header__bio">{profile.bio}</p>}
          {(twitter || website) && (
            <ul className="profile-links" aria-label="Links">
              {twitter && (
                <li>
                  <a href={twitter} target="_blank" rel="noopener noreferrer nofollow">
                    Twitter
                  </a>
                </li>
              )}
              {website && (
                <li>
                  <a href={website} target="_blank" rel="noopener noreferrer nofollow">
                    Website
                  </a>
                </li>
              )}
            </ul>
          )}
          <ProfileBadges badges={profile.badges ?? []} />
        </div>
        <div className="profile-header__actions">
          {isOwn && (
            <Link to="/settings" className="button button--ghost">
              Settings
            </Link>
          )}
          {!isOwn && viewerLoggedIn && <FriendActions profile={profile} name={name} />}
        </div>
      </div>
      <FactList
        className="profile-header__numbers"
        facts={[
          { label: 'Points', value: formatNumber(profile.points) },
          { label: 'Achievements', value: formatNumber(counts.achievements) },
        ]}
      />
      <XpBar xp={profile.xp} />
    </header>
  );
}
