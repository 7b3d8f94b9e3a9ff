import { useMemo, useRef } from 'react';
import { useGetLiveStateQuery } from '../../../lib/live-api';
import { readPageData } from '../../../lib/page-data';
import { useGetAffiliatesQuery } from '../../../lib/site-api';
import { useSiteSettings } from '../../../lib/use-site-settings';
import { useViewerSafety } from '../../../lib/safety-api';
import { AgeQuestion, GamblingHidden } from '../../../components/ui/age-gate';
import { AffiliatesSection } from '../components/affiliates-section';
import { HeroSection } from '../components/hero-section';
import { LeaderboardPreviewSection } from '../components/leaderboard-preview-section';
import { LiveStream } from '../components/live-stream';
import { QuickLinks } from '../components/quick-links';
import { parseLeaderboardPreview } from '../leaderboard-preview-data';
import '../home.css';

export default function HomePage() {
  const settings = useSiteSettings();
  const { data: affiliates = [] } = useGetAffiliatesQuery();
  const { data: live } = useGetLiveStateQuery();
  // SPEC §1: the preview exists only when the server cached leaderboard data into the page.
  const preview = useMemo(() => parseLeaderboardPreview(readPageData().leaderboard), []);
  const affiliatesRef = useRef<HTMLElement>(null);
  const safety = useViewerSafety();

  const scrollToAffiliates = () => {
    const section = affiliatesRef.current;
    if (!section) return;
    section.scrollIntoView({ behavior: 'smooth', block: 'start' });
    section.focus({ preventScroll: true });
  };

  return (
    <div className="home">
      <HeroSection siteName={settings.site_name} description={settings.site_description} onBecomeAffiliate={scrollToAffiliates} />
      <QuickLinks />
      {/* The partners and the board are only in the page once the age question is answered "Yes". */}
      {safety?.gate === 'unanswered' && !safety.break && <AgeQuestion safety={safety} />}
      {safety && (safety.gate === 'declined' || safety.break) && <GamblingHidden safety={safety} />}
      {preview && <LeaderboardPreviewSection preview={preview} />}
      <LiveStream channelSlug={settings.kick_channel_slug} live={live} />
      {affiliates.length > 0 && <AffiliatesSection ref={affiliatesRef} affiliates={affiliates} />}
    </div>
  );
}
