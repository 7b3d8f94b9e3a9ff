import type { CurrentUser } from '@kickback/contracts';
import { AuthRequired } from '../../../components/ui/auth-required';
import { PageHeading } from '../../../components/ui/page-heading';
import { TabList } from '../../../components/ui/tab-list';
import { useCurrentUser } from '../../../lib/session';
import { AccountDataSection } from '../components/account-data-section';
import { ConnectionsTab } from '../components/connections-tab';
import { ProfileTab } from '../components/profile-tab';
import { SocialTab } from '../components/social-tab';
import { TakeABreakSection } from '../components/take-a-break-section';
import { useGetMemberSettingsQuery } from '../settings-api';
import { SETTINGS_TABS } from '../settings-messages';
import { useSettingsUrl } from '../use-settings-url';
import '../settings.css';

export default function SettingsPage() {
  const user = useCurrentUser();
  if (!user) return <AuthRequired message="Please log in to access your settings." />;
  return <SettingsScreen user={user} />;
}

function SettingsScreen({ user }: { user: CurrentUser }) {
  const { tab, selectTab, nudged, pulsing } = useSettingsUrl(!user.kick_username);
  const { data: settings, isLoading, isError, refetch } = useGetMemberSettingsQuery();

  return (
    <section className="page container settings-page">
      <PageHeading title="Settings" lead="Your profile, connected accounts, social links and your data." />
      <TabList name="settings" label="Settings sections" tabs={SETTINGS_TABS} selected={tab} onSelect={selectTab} />
      <div className="card settings-panel" role="tabpanel" id="settings-panel" aria-labelledby={`settings-tab-${tab}`}>
        {isLoading && (
          <p className="settings-status" role="status">
            Loading settings...
          </p>
        )}
        {isError && !settings && (
          <div className="settings-status" role="alert">
            <p>Failed to load settings</p>
            <button type="button" className="button button--ghost" onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        )}
        {/* Keyed by the saved values: after a save the form shows what the server stored (trimmed, @ dropped). */}
        {settings && tab === 'profile' && <ProfileTab key={settings.bio} settings={settings} />}
        {settings && tab === 'connections' && (
          <ConnectionsTab
            key={[settings.crypto, settings.crypto2, settings.crypto3].join('\u0000')}
            settings={settings}
            pulsing={pulsing}
            nudged={nudged}
          />
        )}
        {settings && tab === 'social' && (
          <SocialTab
            key={[settings.twitter_user, settings.instagram_user, settings.youtube_user, settings.tiktok_user].join('\u0000')}
            settings={settings}
          />
        )}
      </div>
      <TakeABreakSection />
      <AccountDataSection username={user.username} />
    </section>
  );
}
