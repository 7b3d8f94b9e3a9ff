import type { Raffle } from '@kickback/contracts';
import { raffleStatusLabel } from '../raffle-logic';

export function RaffleStatusBadge({
  raffle,
  detail = false,
}: {
  raffle: Pick<Raffle, 'has_ended' | 'is_accepting_entries' | 'cancelled'>;
  detail?: boolean;
}) {
  const label = raffleStatusLabel(raffle, detail);
  const tone = label === 'Active' ? 'active' : label === 'Ended' ? 'ended' : 'pending';
  return (
    <span className={`raffle-badge raffle-badge--${tone}`} data-testid="raffle-status">
      {label}
      {raffle.cancelled && ' · Cancelled'}
    </span>
  );
}
