import { Link } from 'react-router-dom';
import { formatNumber } from '../../lib/format';
import { useGetStandingQuery } from '../../lib/standing-api';

/** The logged-in member's points and level in the header's menu (wide screens), linking to their profile. */
export function MemberStanding() {
  const { data } = useGetStandingQuery();
  if (!data) return null;
  return (
    <li>
      <Link
        to="/profile"
        className="member-standing member-standing--in-menu"
        data-testid="member-standing"
        aria-label={`Your points: ${formatNumber(data.balance)}, level ${data.level}`}
      >
        <span className="member-standing__points" data-testid="member-points">
          {formatNumber(data.balance)} pts
        </span>
        <span className="member-standing__level">Lvl {data.level}</span>
      </Link>
    </li>
  );
}

/**
 * The same standing as a chip beside Menu, shown only where the menu is folded (phones, narrow windows), so points and
 * level stay in sight instead of at the bottom of the opened menu. The same cached read, no second request.
 */
export function MemberStandingChip() {
  const { data } = useGetStandingQuery();
  if (!data) return null;
  return (
    <Link
      to="/profile"
      className="member-standing member-standing--chip"
      data-testid="member-standing-chip"
      aria-label={`Your points: ${formatNumber(data.balance)}, level ${data.level}`}
    >
      <span className="member-standing__points">{formatNumber(data.balance)} pts</span>
      <span className="member-standing__level">Lvl {data.level}</span>
    </Link>
  );
}
