import type { HuntResults } from '@kickback/contracts';
import { formatAmount, formatMultiplier, formatNumber } from '../../../lib/format';
import { displayName, formatDifference } from '../hunt-format';

const MEDALS = ['gold', 'silver', 'bronze'] as const;

/** The last completed hunt's climax, kept on Current Hunt until the next hunt starts. */
export function HuntResultsScene({ results }: { results: HuntResults }) {
  const profit = results.profit;
  return (
    <section className="card hunt-results" aria-labelledby="hunt-results-title" data-testid="hunt-results">
      <h2 id="hunt-results-title" className="hunt-section-title">
        {results.name}: final results
      </h2>
      <dl className="hunt-tiles">
        <div className="card hunt-tile">
          <dt className="hunt-tile__label">Final Balance</dt>
          <dd className="hunt-tile__value" data-testid="results-final-balance">
            {formatAmount(results.final_balance)}
          </dd>
        </div>
        <div className="card hunt-tile">
          <dt className="hunt-tile__label">{profit >= 0 ? 'Profit' : 'Loss'}</dt>
          <dd className={`hunt-tile__value ${profit >= 0 ? 'hunt-positive' : 'hunt-negative'}`} data-testid="results-profit">
            {formatDifference(profit)} <small>vs {formatAmount(results.starting_balance)} start</small>
          </dd>
        </div>
        <div className="card hunt-tile">
          <dt className="hunt-tile__label">Best Slot</dt>
          <dd className="hunt-tile__value" data-testid="results-best-slot">
            {results.best_slot ? (
              <>
                {results.best_slot.slot_name} <small>{formatMultiplier(results.best_slot.multiplier)}</small>
              </>
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>
      <h3 className="hunt-section-title">Closest Predictions</h3>
      {results.top_predictions.length === 0 ? (
        <p className="hunt-muted">Nobody predicted this hunt.</p>
      ) : (
        <ol className="hunt-prediction-list" data-testid="results-podium">
          {results.top_predictions.map((p) => (
            <li key={p.id} className="hunt-prediction">
              <span className={`hunt-rank hunt-rank--${MEDALS[p.rank - 1] ?? ''}`} aria-label={`Rank ${p.rank}`}>
                #{p.rank}
              </span>
              <span className="hunt-prediction__name">{displayName(p.user)}</span>
              <span className="hunt-prediction__balance">{formatAmount(p.end_balance)}</span>
              <span className="hunt-muted">{results.scored ? `${formatNumber(p.points_awarded)} points` : 'Points being paid...'}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
