import type { StoreItem } from '@kickback/contracts';
import { LoginCta } from '../../../components/ui/login-cta';
import { formatNumber } from '../../../lib/format';
import { REDEEM_BUTTON_LABELS, isOutOfStock, type RedeemButtonState } from '../redeem-button-state';
import { categoryLabel } from '../store-options';
import { OfferNotice } from '../../../components/ui/offer-notice';
import { FactList } from '../../../components/ui/fact-list';

interface StoreItemCardProps {
  item: StoreItem;
  state: RedeemButtonState;
  loggedIn: boolean;
  onRedeem: (item: StoreItem) => void;
}

function stockText(item: StoreItem): string {
  if (item.quantity === null) return 'Unlimited';
  if (item.quantity <= 0) return 'Out of stock';
  return `${formatNumber(item.quantity)} left`;
}

export function StoreItemCard({ item, state, loggedIn, onRedeem }: StoreItemCardProps) {
  const blocked = state !== 'redeem';
  return (
    <article className="card store-item" data-testid={`store-item-${item.id}`}>
      <div className="store-item__image">
        {item.image ? (
          <img src={item.image} alt="" loading="lazy" />
        ) : (
          <svg
            className="store-item__placeholder"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <rect x="3" y="8" width="18" height="4" rx="1" />
            <path d="M12 8v13M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7" />
            <path d="M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />
          </svg>
        )}
      </div>
      <div className="store-item__body">
        <p className="store-item__category">{categoryLabel(item.category)}</p>
        <h2 className="store-item__name">{item.name}</h2>
        {item.description && <p className="store-item__description">{item.description}</p>}
        {item.is_casino_bonus && <OfferNotice />}
        <FactList
          className="store-item__facts"
          facts={[
            { label: 'Cost', value: `${formatNumber(item.cost)} pts`, valueClass: 'store-item__cost' },
            { label: 'Stock', value: stockText(item), testId: `store-item-${item.id}-stock` },
            item.max_purchases_per_user !== null && {
              label: 'Your purchases',
              value: `${formatNumber(item.user_purchases)} / ${formatNumber(item.max_purchases_per_user)}`,
            },
          ]}
        />
        {item.fulfilment === 'code' && <p className="store-item__delivery">Code delivered instantly</p>}
      </div>
      {loggedIn ? (
        <button
          type="button"
          className={`button ${blocked ? 'button--ghost' : 'button--primary'} store-item__button`}
          disabled={blocked}
          onClick={() => onRedeem(item)}
        >
          {REDEEM_BUTTON_LABELS[state]}
        </button>
      ) : isOutOfStock(item) ? (
        <button type="button" className="button button--ghost store-item__button" disabled>
          {REDEEM_BUTTON_LABELS['out-of-stock']}
        </button>
      ) : (
        <LoginCta className="button button--primary store-item__button" purpose={`to redeem ${item.name}`} />
      )}
    </article>
  );
}
