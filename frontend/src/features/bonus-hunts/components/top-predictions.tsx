import type { HuntPrediction } from '@kickback/contracts';
import { formatAmount } from '../../../lib/format';
import { PredictionRow } from './prediction-row';

/** rankedAgainst: the projected end balance the live standings measure against, null once the hunt is final. */
export function TopPredictions({ predictions, rankedAgainst = null }: { predictions: HuntPrediction[]; rankedAgainst?: number | null }) {
  return (
    <section className="card hunt-top" aria-labelledby="hunt-top-title">
      <h2 id="hunt-top-title" className="hunt-section-title">
        Top Predictions
      </h2>
      {rankedAgainst !== null && predictions.length > 0 && (
        <p className="hunt-muted" data-testid="top-predictions-target">
          Closest to the projected end balance of {formatAmount(rankedAgainst)} first.
        </p>
      )}
      {predictions.length === 0 ? (
        <p className="hunt-muted">No predictions yet.</p>
      ) : (
        <ol className="hunt-prediction-list" data-testid="top-predictions">
          {predictions.map((prediction) => (
            <PredictionRow key={prediction.id} prediction={prediction} showAccuracy />
          ))}
        </ol>
      )}
    </section>
  );
}
