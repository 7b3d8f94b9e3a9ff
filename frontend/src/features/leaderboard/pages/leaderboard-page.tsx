import { useState } from 'react';
import type { LeaderboardData } from '@kickback/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { TabList } from '../../../components/ui/tab-list';
import { readPageData } from '../../../lib/page-data';
import { useGetLeaderboardQuery } from '../leaderboard-api';
import { LeaderboardBoard } from '../components/leaderboard-board';
import { PastPeriods } from '../components/past-periods';
import '../leaderboard.css';
import { OfferNotice } from '../../../components/ui/offer-notice';

const VIEWS = [
  { id: 'current', label: 'Current Period' },
  { id: 'past', label: 'Past Periods' },
] as const;
type View = (typeof VIEWS)[number]['id'];

/** The server injects the cached board into the page; it shows at once while the live query loads. */
function injected(): LeaderboardData | undefined {
  const raw = readPageData().leaderboard as LeaderboardData | null;
  return raw && typeof raw === 'object' && raw.all_leaderboards ? raw : undefined;
}

export default function LeaderboardPage() {
  const query = useGetLeaderboardQuery();
  const data = query.data ?? (query.isError ? undefined : injected());
  const [chosen, setChosen] = useState<string | null>(null);
  const [view, setView] = useState<View>('current');

  const platforms = data?.platforms ?? [];
  const slug = chosen && data?.all_leaderboards[chosen] ? chosen : (data?.selected_platform ?? platforms[0]?.slug ?? null);
  const board = slug ? data?.all_leaderboards[slug] : undefined;

  return (
    <section className="page container leaderboard-page">
      <PageHeading title="Leaderboard" lead="Top wagerers per partner platform, with prizes for this period." />
      {!data && query.isLoading && <p role="status">Loading leaderboard...</p>}
      {!data && query.isError && (
        <EmptyState title="Leaderboard Unavailable" text="The leaderboard could not be loaded. Please try again in a moment." />
      )}
      {data && platforms.length === 0 && <EmptyState title="No Leaderboards Yet" text="Check back soon for the next wager race!" />}
      {slug && board && (
        <>
          {/* One tab per partner platform (SPEC §2 Leaderboard), shown even for a single platform so its name is always visible. */}
          <TabList
            name="leaderboard"
            label="Platforms"
            tabs={platforms.map((platform) => ({ id: platform.slug, label: platform.name }))}
            selected={slug}
            onSelect={setChosen}
            tabClass="leaderboard-tab"
          />
          <div className="leaderboard-views" role="group" aria-label="Period">
            {VIEWS.map((item) => (
              <button
                key={item.id}
                type="button"
                className={`leaderboard-view${view === item.id ? ' leaderboard-view--on' : ''}`}
                aria-pressed={view === item.id}
                onClick={() => setView(item.id)}
              >
                {item.label}
              </button>
            ))}
          </div>
          <div id="leaderboard-panel" role="tabpanel" aria-labelledby={`leaderboard-tab-${slug}`}>
            <h2 className="leaderboard-title">{board.platform.name} Leaderboard</h2>
            <OfferNotice />
            {view === 'current' ? <LeaderboardBoard key={slug} board={board} /> : <PastPeriods key={slug} slug={slug} />}
          </div>
        </>
      )}
    </section>
  );
}
