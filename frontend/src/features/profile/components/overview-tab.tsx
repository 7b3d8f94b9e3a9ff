import type { PublicProfile } from '@kickback/contracts';
import { formatAmount, formatDate, formatMultiplier, formatNumber, formatRelativeTime } from '../../../lib/format';
import { achievementName, profileCounts, recentAchievements } from '../profile-values';
import { AchievementIcon } from './achievement-icon';
import { FactList } from '../../../components/ui/fact-list';

function ActivityHistory({ activity }: { activity: PublicProfile['recent_activity'] }) {
  const hunts = activity?.bonus_hunt_predictions ?? [];
  const tournaments = activity?.tournament_predictions ?? [];
  const raffles = activity?.raffle_entries ?? [];
  if (hunts.length + tournaments.length + raffles.length === 0) {
    return <p className="profile-muted">No recent activity found</p>;
  }
  return (
    <ul className="profile-activity">
      {hunts.map((item) => (
        <li key={`hunt-${item.id}`}>
          <span className="profile-activity__kind">Bonus hunt prediction</span>
          <span>
            End balance {formatAmount(item.end_balance)}, highest {formatMultiplier(item.highest_multiplier)} on{' '}
            {item.highest_multiplier_game}
          </span>
          <time dateTime={item.created_at}>{formatRelativeTime(item.created_at)}</time>
        </li>
      ))}
      {tournaments.map((item) => (
        <li key={`tournament-${item.tournament_id}`}>
          <span className="profile-activity__kind">Tournament prediction</span>
          <span>
            {item.tournament_name}: {formatNumber(item.picks)} {item.picks === 1 ? 'pick' : 'picks'}
          </span>
          <time dateTime={item.created_at}>{formatRelativeTime(item.created_at)}</time>
        </li>
      ))}
      {raffles.map((item) => (
        <li key={`raffle-${item.id}`}>
          <span className="profile-activity__kind">Raffle entry</span>
          <span>
            {item.raffle_title}: {formatNumber(item.tickets)} {item.tickets === 1 ? 'ticket' : 'tickets'}
          </span>
          <time dateTime={item.created_at}>{formatRelativeTime(item.created_at)}</time>
        </li>
      ))}
    </ul>
  );
}

/** SPEC §2 overview: Quick Stats, Activity History, Member Info and Recent Achievements. */
export function OverviewTab({ profile }: { profile: PublicProfile }) {
  const counts = profileCounts(profile);
  const recent = recentAchievements(profile.achievements ?? []);
  const memberSince = profile.member_since || profile.created_at;
  const lastSeen = profile.last_seen || profile.last_active;
  return (
    <div className="profile-grid">
      <section className="card profile-section" aria-labelledby="profile-quick-stats">
        <h2 id="profile-quick-stats">Quick Stats</h2>
        <FactList
          className="profile-stat-list"
          facts={[
            { label: 'Bonus Hunt Predictions', value: formatNumber(counts.bonusHuntPredictions) },
            { label: 'Tournament Predictions', value: formatNumber(counts.tournamentPredictions) },
            { label: 'Raffle Entries', value: formatNumber(counts.raffleEntries) },
            { label: 'Achievements', value: formatNumber(counts.achievements) },
          ]}
        />
      </section>
      <section className="card profile-section" aria-labelledby="profile-member-info">
        <h2 id="profile-member-info">Member Info</h2>
        <FactList
          className="profile-stat-list"
          facts={[
            { label: 'Member since', value: formatDate(memberSince) },
            { label: 'Last seen', value: lastSeen ? formatRelativeTime(lastSeen) : 'Never' },
            { label: 'Total predictions', value: formatNumber(counts.totalPredictions), testId: 'total-predictions' },
          ]}
        />
      </section>
      <section className="card profile-section profile-section--wide" aria-labelledby="profile-activity-history">
        <h2 id="profile-activity-history">Activity History</h2>
        <ActivityHistory activity={profile.recent_activity} />
      </section>
      <section className="card profile-section profile-section--wide" aria-labelledby="profile-recent-achievements">
        <h2 id="profile-recent-achievements">Recent Achievements</h2>
        {recent.length === 0 ? (
          <p className="profile-muted">No achievements unlocked yet</p>
        ) : (
          <ul className="profile-achievements" data-testid="recent-achievements">
            {recent.map((achievement) => (
              <li key={achievement.id} className="profile-achievement">
                <AchievementIcon icon={achievement.icon} />
                <div>
                  <h3>{achievementName(achievement)}</h3>
                  <p className="profile-muted">{achievement.description}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
