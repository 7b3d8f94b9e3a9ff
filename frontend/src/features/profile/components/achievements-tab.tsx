import type { PublicProfile } from '@kickback/contracts';
import { formatDate, formatNumber } from '../../../lib/format';
import { achievementName } from '../profile-values';
import { AchievementIcon } from './achievement-icon';

/** SPEC §2 achievements tab: the whole catalogue, locked ones dimmed with the member's progress, unlocked ones marked 'Unlocked'. */
export function AchievementsTab({ profile }: { profile: PublicProfile }) {
  const achievements = profile.achievements ?? [];
  if (achievements.length === 0) return <p className="card profile-muted">No achievements available yet</p>;
  return (
    <ul className="profile-achievements profile-achievements--all" aria-label="All achievements">
      {achievements.map((achievement) => (
        <li
          key={achievement.id}
          className={achievement.unlocked ? 'card profile-achievement' : 'card profile-achievement profile-achievement--locked'}
          data-unlocked={achievement.unlocked}
        >
          <AchievementIcon icon={achievement.icon} />
          <div>
            <h2 className="profile-achievement__name">{achievementName(achievement)}</h2>
            <p className="profile-muted">{achievement.description}</p>
            <p className="profile-achievement__category">{achievement.category}</p>
            {achievement.unlocked ? (
              <p className="profile-achievement__status profile-achievement__status--unlocked">
                Unlocked
                {achievement.unlocked_at && <span className="profile-muted"> · {formatDate(achievement.unlocked_at)}</span>}
              </p>
            ) : (
              <>
                <p className="profile-achievement__status">
                  Locked
                  {achievement.progress &&
                    ` · ${formatNumber(achievement.progress.current)} of ${formatNumber(achievement.progress.target)}`}
                </p>
                {achievement.progress && (
                  <progress
                    className="profile-achievement__progress"
                    aria-label={`${achievementName(achievement)} progress`}
                    max={achievement.progress.target}
                    value={achievement.progress.current}
                  />
                )}
              </>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
