import type { CommunityPurchase } from '@kickback/contracts';
import { formatRelativeTime } from '../../../lib/format';
import { personName } from '../../../lib/person-name';
import { ScrollingList } from '../../../components/ui/scrolling-list';

/** Everyone's latest purchases, updated live from room 'store'. */
export function CommunityPurchases({ purchases }: { purchases: CommunityPurchase[] }) {
  return (
    <section className="card store-list" aria-labelledby="community-purchases-title">
      <h2 id="community-purchases-title">Community Purchases</h2>
      {purchases.length === 0 ? (
        <p className="store-list__empty">No purchases yet. Be the first!</p>
      ) : (
        <ScrollingList className="store-list__items" labelledBy="community-purchases-title" aria-live="polite">
          {purchases.map((p) => (
            <li key={p.id} className="store-list__row">
              <div className="store-list__main">
                <span className="store-list__name">
                  <strong>{personName(p.user)}</strong> redeemed {p.item.name}
                </span>
                <span className="store-list__meta">{formatRelativeTime(p.created_at)}</span>
              </div>
            </li>
          ))}
        </ScrollingList>
      )}
    </section>
  );
}
