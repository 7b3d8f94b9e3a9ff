import type { HuntPrediction } from '@kickback/contracts';
import { PredictionRow } from './prediction-row';

export function TopPredictions({ predictions }: { predictions: HuntPrediction[] }) {
  return (
    <section className="card hunt-top" aria-labelledby="hunt-top-title">
      <h2 id="hunt-top-title" className="hunt-section-title">
        Top Predictions
      </h2>
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
