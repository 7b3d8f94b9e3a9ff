import { useId } from 'react';
import type { ProfileBadge } from '@kickback/contracts';

/** A badge with its description as a tooltip, shown on hover and on keyboard focus. */
function BadgeChip({ badge }: { badge: ProfileBadge }) {
  const tipId = useId();
  return (
    <li className="profile-badge">
      <button type="button" className="profile-badge__chip" aria-describedby={badge.description ? tipId : undefined}>
        <span aria-hidden="true">{badge.icon || '🏅'}</span> {badge.name}
      </button>
      {badge.description && (
        <span role="tooltip" id={tipId} className="profile-badge__tip">
          {badge.description}
        </span>
      )}
    </li>
  );
}

export function ProfileBadges({ badges }: { badges: ProfileBadge[] }) {
  if (badges.length === 0) return null;
  return (
    <ul className="profile-badges" aria-label="Badges">
      {badges.map((badge) => (
        <BadgeChip key={badge.id} badge={badge} />
      ))}
    </ul>
  );
}
