import type { HuntStatistics } from '@kickback/contracts';
import { formatAmount, formatBreakEven, formatMultiplier } from '../../../lib/format';

/** SPEC §2: Starting Balance, Winnings, Avg Multiplier, Break-Even X. */
export function HuntStatTiles({ statistics }: { statistics: HuntStatistics }) {
  const tiles = [
    { label: 'Starting Balance', value: formatAmount(statistics.starting_balance), testId: 'tile-starting-balance' },
    { label: 'Winnings', value: formatAmount(statistics.winnings), testId: 'tile-winnings' },
    { label: 'Avg Multiplier', value: formatMultiplier(statistics.average_multiplier), testId: 'tile-average-multiplier' },
    { label: 'Break-Even X', value: formatBreakEven(statistics), testId: 'tile-break-even' },
  ];
  return (
    <dl className="hunt-tiles">
      {tiles.map((tile) => (
        <div className="card hunt-tile" key={tile.label} data-testid={tile.testId}>
          <dt className="hunt-tile__label">{tile.label}</dt>
          <dd className="hunt-tile__value">{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}
