import type { Raffle } from '@kickback/contracts';
import { Countdown } from '../../../components/ui/countdown';
import { formatDateTime, formatNumber } from '../../../lib/format';

export function RaffleStats({ raffle }: { raffle: Raffle }) {
  return (
    <dl className="card raffle-stats" aria-label="Raffle stats">
      <div>
        <dt>
          Total Entries <span className="raffle-stats__unit">(tickets)</span>
        </dt>
        <dd data-testid="raffle-total-entries">{formatNumber(raffle.total_entries)}</dd>
      </div>
      <div>
        <dt>Winners</dt>
        <dd>{formatNumber(raffle.number_of_winners)}</dd>
      </div>
      <div>
        <dt>Time Left</dt>
        <dd>
          <Countdown endMs={Date.parse(raffle.end_datetime)} />
        </dd>
      </div>
      <div>
        <dt>End Date</dt>
        <dd>{formatDateTime(raffle.end_datetime)}</dd>
      </div>
    </dl>
  );
}
