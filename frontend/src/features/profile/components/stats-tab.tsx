import type { PublicProfile } from '@kickback/contracts';
import { formatNumber } from '../../../lib/format';
import { profileCounts } from '../profile-values';
import { FactList, type Fact } from '../../../components/ui/fact-list';

function StatCard({ id, title, rows }: { id: string; title: string; rows: Fact[] }) {
  return (
    <section className="card profile-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <FactList className="profile-stat-list" facts={rows} />
    </section>
  );
}

/** SPEC §2 stats tab: the Prediction Stats, Community Engagement and Achievements cards. */
export function StatsTab({ profile }: { profile: PublicProfile }) {
  const counts = profileCounts(profile);
  const catalogue = profile.achievements ?? [];
  return (
    <div className="profile-grid profile-grid--three">
      <StatCard
        id="profile-prediction-stats"
        title="Prediction Stats"
        rows={[
          { label: 'Bonus Hunt Predictions', value: formatNumber(counts.bonusHuntPredictions) },
          { label: 'Tournament Predictions', value: formatNumber(counts.tournamentPredictions) },
          { label: 'Total Predictions', value: formatNumber(counts.totalPredictions) },
        ]}
      />
      <StatCard
        id="profile-community-engagement"
        title="Community Engagement"
        rows={[
          { label: 'Raffle Entries', value: formatNumber(counts.raffleEntries) },
          { label: 'Friends', value: formatNumber(profile.stats?.friends_count ?? profile.friends_count) },
          { label: 'Points', value: formatNumber(profile.points) },
          { label: 'Rank', value: `#${formatNumber(counts.rank)}` },
        ]}
      />
      <StatCard
        id="profile-achievement-stats"
        title="Achievements"
        rows={[
          { label: 'Unlocked', value: `${formatNumber(counts.achievements)} of ${formatNumber(catalogue.length)}` },
          { label: 'Level', value: formatNumber(profile.level) },
          { label: 'Total XP', value: formatNumber(profile.xp) },
        ]}
      />
    </div>
  );
}
