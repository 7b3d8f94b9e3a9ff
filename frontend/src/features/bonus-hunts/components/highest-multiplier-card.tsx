import type { HuntStatistics } from '@kickback/contracts';
import { formatAmount, formatMultiplier } from '../../../lib/format';

export function HighestMultiplierCard({ game }: { game: NonNullable<HuntStatistics['highest_multiplier_game']> }) {
  return (
    <section className="card hunt-highest" aria-labelledby="hunt-highest-title" data-testid="highest-multiplier">
      <h2 id="hunt-highest-title" className="hunt-section-title">
        Highest Multiplier
      </h2>
      <div className="hunt-highest__body">
        <span className="hunt-highest__slot">{game.slot_name}</span>
        <span className="hunt-highest__win">Win {formatAmount(game.win)}</span>
        <span className="hunt-highest__multiplier">{formatMultiplier(game.multiplier)}</span>
      </div>
    </section>
  );
}
