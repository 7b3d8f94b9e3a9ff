import { xpBar } from '@kickback/contracts/api/profiles';
import { formatNumber } from '../../../lib/format';

/** SPEC §2/§5: the XP inside the current level (xp mod 1000) out of 1000, from Level N to Level N+1. */
export function XpBar({ xp }: { xp: number }) {
  const bar = xpBar(xp);
  return (
    <div className="profile-xp">
      <div className="profile-xp__labels">
        <span>Level {bar.level}</span>
        <span className="profile-xp__value" data-testid="profile-xp">
          {formatNumber(bar.current)} / {formatNumber(bar.needed)} XP
        </span>
        <span>Level {bar.next_level}</span>
      </div>
      <div
        className="profile-xp__track"
        role="progressbar"
        aria-label={`XP towards Level ${bar.next_level}`}
        aria-valuemin={0}
        aria-valuemax={bar.needed}
        aria-valuenow={bar.current}
        aria-valuetext={`${bar.current} of ${bar.needed} XP`}
      >
        <div className="profile-xp__fill" style={{ width: `${bar.percent}%` }} />
      </div>
    </div>
  );
}
