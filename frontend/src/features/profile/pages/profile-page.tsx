import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { PublicProfile } from '@kickback/contracts';
import { isPossibleUsername, PROFILE_NOT_FOUND } from '@kickback/contracts/api/profiles';
import { EmptyState } from '../../../components/ui/empty-state';
import { TabList } from '../../../components/ui/tab-list';
import { errorStatus } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/session';
import { useToast } from '../../../lib/use-toast';
import { AchievementsTab } from '../components/achievements-tab';
import { FriendsTab } from '../components/friends-tab';
import { OverviewTab } from '../components/overview-tab';
import { ProfileHeader } from '../components/profile-header';
import { StatsTab } from '../components/stats-tab';
import { useGetProfileQuery } from '../profile-api';
import { LoadFailed } from '../../../components/ui/load-failed';
import '../profile.css';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'stats', label: 'Stats' },
  { id: 'achievements', label: 'Achievements' },
  { id: 'friends', label: 'Friends' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function NotFound() {
  return (
    <section className="page container">
      <EmptyState level={1} title={PROFILE_NOT_FOUND.title} text={PROFILE_NOT_FOUND.description} />
    </section>
  );
}

export default function ProfilePage() {
  const { username = '' } = useParams();
  const possible = isPossibleUsername(username);
  const toast = useToast();
  const { data: profile, error, isError, isLoading, refetch } = useGetProfileQuery(username, { skip: !possible });
  const status = errorStatus(error);

  useEffect(() => {
    if (isError && status !== 404) toast.error(PROFILE_NOT_FOUND.loadFailed);
  }, [isError, status, toast]);

  if (!possible || status === 404) return <NotFound />;
  if (isLoading) {
    return (
      <section className="page container">
        <p className="profile-loading" role="status">
          Loading profile...
        </p>
      </section>
    );
  }
  if (!profile) {
    return (
      <section className="page container">
        <LoadFailed level={1} title={PROFILE_NOT_FOUND.loadFailed} onRetry={refetch} className="button button--primary" />
      </section>
    );
  }
  // Keyed by member so switching profiles (a mutual friend's link) starts on the overview again.
  return <ProfileView key={profile.id} profile={profile} />;
}

function ProfileView({ profile }: { profile: PublicProfile }) {
  const viewer = useCurrentUser();
  const [tab, setTab] = useState<TabId>('overview');
  const isOwn = viewer !== null && (profile.is_own_profile || viewer.id === profile.id);
  const viewerLoggedIn = viewer !== null;

  return (
    <section className="page container profile-page">
      <ProfileHeader profile={profile} viewerLoggedIn={viewerLoggedIn} isOwn={isOwn} />
      <TabList name="profile" label="Profile sections" tabs={TABS} selected={tab} onSelect={setTab} />
      <div role="tabpanel" id="profile-panel" aria-labelledby={`profile-tab-${tab}`} className="profile-panel">
        {tab === 'overview' && <OverviewTab profile={profile} />}
        {tab === 'stats' && <StatsTab profile={profile} />}
        {tab === 'achievements' && <AchievementsTab profile={profile} />}
        {tab === 'friends' && <FriendsTab profile={profile} viewerLoggedIn={viewerLoggedIn} isOwn={isOwn} />}
      </div>
    </section>
  );
}
