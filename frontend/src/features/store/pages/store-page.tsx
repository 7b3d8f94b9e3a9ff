import { useState } from 'react';
import type { StoreItem, StorePriceRange, StoreSort } from '@kickback/contracts';
import { PageHeading } from '../../../components/ui/page-heading';
import { EmptyState } from '../../../components/ui/empty-state';
import { errorMessage, errorStatus } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/session';
import { useToast } from '../../../lib/use-toast';
import { CommunityPurchases } from '../components/community-purchases';
import { ConfirmRedeemModal } from '../components/confirm-redeem-modal';
import { PointsBanner } from '../components/points-banner';
import { PointsHistory } from '../components/points-history';
import { RecentRedemptions } from '../components/recent-redemptions';
import { StoreFilters } from '../components/store-filters';
import { StoreItemCard } from '../components/store-item-card';
import { redeemButtonState } from '../redeem-button-state';
import { useGetStoreQuery, useRedeemItemMutation, type StoreFilters as Filters } from '../store-api';
import { DEFAULT_CATEGORY } from '../store-options';
import { useDebounced } from '../../../lib/use-debounced';
import '../store.css';
import { NoCashValue } from '../../../components/ui/offer-notice';

/** SPEC §8 store messages. */
export const STORE_TOASTS = {
  success: 'Item redeemed successfully!',
  failure: 'Failed to redeem item',
  network: 'An error occurred. Please try again.',
} as const;

function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export default function StorePage() {
  const user = useCurrentUser();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(DEFAULT_CATEGORY);
  const [priceRange, setPriceRange] = useState<StorePriceRange | ''>('');
  const [sort, setSort] = useState<StoreSort>('price_asc');
  const filters: Filters = { search: useDebounced(search), category, price_range: priceRange, sort };
  const { data, isLoading, isError, isFetching, refetch } = useGetStoreQuery(filters);
  const [redeem] = useRedeemItemMutation();
  // One confirmation at a time, with the key that makes a double click or retry the same purchase.
  const [confirming, setConfirming] = useState<{ item: StoreItem; key: string } | null>(null);
  const [inFlightId, setInFlightId] = useState<number | null>(null);

  const points = data?.user_points ?? 0;

  const confirm = async () => {
    if (!confirming || inFlightId !== null) return;
    const { item, key } = confirming;
    setInFlightId(item.id);
    try {
      await redeem({ id: item.id, idempotencyKey: key }).unwrap();
      toast.success(STORE_TOASTS.success);
    } catch (error) {
      toast.error(errorStatus(error) === 'FETCH_ERROR' ? STORE_TOASTS.network : errorMessage(error, STORE_TOASTS.failure));
    } finally {
      setInFlightId(null);
      setConfirming(null);
    }
  };

  return (
    <section className="page container store-page">
      <PageHeading title="Store" lead="Redeem the points you earn on the stream." />
      <NoCashValue />
      {isLoading && (
        <div className="route-fallback" role="status" aria-label="Loading store">
          <div className="route-fallback__spinner" />
        </div>
      )}
      {isError && !data && (
        <EmptyState title="Failed to load the store" text="Please check your connection and try again.">
          <button type="button" className="button button--primary" onClick={() => void refetch()}>
            Try Again
          </button>
        </EmptyState>
      )}
      {data && (
        <>
          <PointsBanner points={points} loggedIn={Boolean(user)} />
          <StoreFilters
            search={search}
            category={category}
            categories={data.categories ?? []}
            priceRange={priceRange}
            sort={sort}
            onSearch={setSearch}
            onCategory={setCategory}
            onPriceRange={setPriceRange}
            onSort={setSort}
          />
          <div className="store-layout">
            <div className="store-layout__main">
              {data.store_items.length === 0 ? (
                <EmptyState title="No Items Found" text="No items match these filters. Try another search or price range." />
              ) : (
                <div className="store-grid" aria-busy={isFetching}>
                  {data.store_items.map((item) => (
                    <StoreItemCard
                      key={item.id}
                      item={item}
                      loggedIn={Boolean(user)}
                      state={redeemButtonState(item, points, inFlightId)}
                      onRedeem={(chosen) => setConfirming({ item: chosen, key: newIdempotencyKey() })}
                    />
                  ))}
                </div>
              )}
            </div>
            <aside className="store-layout__side">
              {user && <RecentRedemptions redemptions={data.recent_redemptions} />}
              <CommunityPurchases purchases={data.community_purchases} />
              {user && <PointsHistory />}
            </aside>
          </div>
        </>
      )}
      {confirming && (
        <ConfirmRedeemModal
          item={confirming.item}
          points={points}
          busy={inFlightId !== null}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
