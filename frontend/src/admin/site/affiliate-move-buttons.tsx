import type { AdminAffiliate } from '@kickback/contracts';
import { errorMessage } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { affiliatesAdmin, useReorderAffiliatesMutation } from './admin-affiliates-api';
import { SmallButton } from '../kit/rows';

/** Ids with the row at `index` swapped with its neighbour in `direction`. */
function moveId(list: AdminAffiliate[], index: number, direction: -1 | 1): number[] {
  const ids = list.map((affiliate) => affiliate.id);
  const target = index + direction;
  if (target < 0 || target >= ids.length) return ids;
  [ids[index], ids[target]] = [ids[target]!, ids[index]!];
  return ids;
}

/** An affiliate's up/down buttons; every row's buttons wait while any move is on its way. */
export function AffiliateMoveButtons({ affiliate }: { affiliate: AdminAffiliate }) {
  const { data: affiliates = [] } = affiliatesAdmin.useList();
  // One shared mutation state, so a move in one row disables the buttons of all rows.
  const [reorder, reorderState] = useReorderAffiliatesMutation({ fixedCacheKey: 'affiliates-reorder' });
  const toast = useToast();
  const index = affiliates.findIndex((row) => row.id === affiliate.id);

  const move = async (direction: -1 | 1) => {
    try {
      await reorder(moveId(affiliates, index, direction)).unwrap();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to reorder affiliates'));
    }
  };

  return (
    <div className="admin-row-actions">
      <SmallButton onClick={() => move(-1)} disabled={index === 0 || reorderState.isLoading} label={`Move ${affiliate.name} up`}>
        ↑
      </SmallButton>
      <SmallButton
        onClick={() => move(1)}
        disabled={index === affiliates.length - 1 || reorderState.isLoading}
        label={`Move ${affiliate.name} down`}
      >
        ↓
      </SmallButton>
    </div>
  );
}
