import type { Raffle } from '@kickback/contracts';
import { Countdown } from '../../../components/ui/countdown';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { FactList } from '../../../components/ui/fact-list';

export function RaffleStats({ raffle }: { raffle: Raffle }) {
  return (
    <FactList
      className="card raffle-stats"
      label="Raffle stats"
      facts={[
        {
          label: (
            <>
              Total Entries <span className="raffle-stats__unit">(tickets)</span>
            </>
          ),
          value: formatNumber(raffle.total_entries),
          testId: 'raffle-total-entries',
        },
        { label: 'Winners', value: formatNumber(raffle.number_of_winners) },
        { label: 'Time Left', value: <Countdown endMs={Date.parse(raffle.end_datetime)} /> },
        { label: 'End Date', value: formatDateTime(raffle.end_datetime) },
      ]}
    />
  );
}
