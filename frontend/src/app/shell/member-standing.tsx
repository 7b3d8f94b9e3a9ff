import { Link } from 'react-router-dom';
import { formatNumber } from '../../lib/format';
import { useGetStandingQuery } from '../../lib/standing-api';

/** The logged-in member's points and level in the header, linking to their profile. */
export function MemberStanding() {
  const { data } = useGetStandingQuery();
  if (!data) return null;
  return (
    <li>
      <Link
        to="/profile"
        className="member-standing"
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
