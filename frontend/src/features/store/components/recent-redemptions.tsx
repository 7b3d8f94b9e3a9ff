import type { StoreRedemption } from '@kickback/contracts';
import { formatNumber, formatRelativeTime } from '../../../lib/format';
import { CopyCodeButton } from '../../../components/ui/copy-code-button';
import { ScrollingList } from '../../../components/ui/scrolling-list';

const STATUS_LABEL: Record<StoreRedemption['status'], string> = { pending: 'Pending', processed: 'Processed', refunded: 'Refunded' };

/** The member's own redemptions; Pending turns Processed live (SPEC §4). */
export function RecentRedemptions({ redemptions }: { redemptions: StoreRedemption[] }) {
  return (
    <section className="card store-list" aria-labelledby="recent-redemptions-title">
      <h2 id="recent-redemptions-title">Your Recent Redemptions</h2>
      {redemptions.length === 0 ? (
        <p className="store-list__empty">You have not redeemed anything yet.</p>
      ) : (
        <ScrollingList className="store-list__items" labelledBy="recent-redemptions-title">
          {redemptions.map((r) => (
            <li key={r.id} className="store-list__row" data-testid={`redemption-${r.id}`}>
              <div className="store-list__main">
                <span className="store-list__name">{r.item.name}</span>
                <span className="store-list__meta">
                  {formatNumber(r.item.cost)} pts · {formatRelativeTime(r.created_at)}
                </span>
                {r.code && (
                  <span className="store-list__code">
                    Code: <code>{r.code}</code> <CopyCodeButton code={r.code} />
                  </span>
                )}
              </div>
              <span className={`store-status store-status--${r.status}`}>{STATUS_LABEL[r.status]}</span>
            </li>
          ))}
        </ScrollingList>
      )}
    </section>
  );
}
