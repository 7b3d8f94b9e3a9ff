import type { HuntPrediction } from '@kickback/contracts';
import { Avatar } from '../../../components/ui/avatar';
import { formatAmount, formatMultiplier } from '../../../lib/format';
import { displayName, formatDifference } from '../hunt-format';

const MEDALS = ['gold', 'silver', 'bronze'] as const;

/** One prediction in Top Predictions and the Predictions tab; ranks 1-3 are gold, silver and bronze. */
export function PredictionRow({ prediction, showAccuracy = false }: { prediction: HuntPrediction; showAccuracy?: boolean }) {
  const medal = MEDALS[prediction.rank - 1];
  const name = displayName(prediction.user);
  return (
    <li className="hunt-prediction" data-testid="hunt-prediction">
      <span className={medal ? `hunt-rank hunt-rank--${medal}` : 'hunt-rank'} aria-label={`Rank ${prediction.rank}`}>
        #{prediction.rank}
      </span>
      <Avatar user={{ id: prediction.user.id, avatar_url: prediction.user.avatar_url }} name={name} size={36} />
      <div className="hunt-prediction__who">
        <span className="hunt-prediction__name">{name}</span>
        <span className="hunt-muted">{prediction.created_at_human}</span>
      </div>
      <div className="hunt-prediction__guess">
        <span className="hunt-prediction__balance">{formatAmount(prediction.end_balance)}</span>
        <span className="hunt-muted">
          {formatMultiplier(prediction.highest_multiplier)} on {prediction.highest_multiplier_game}
        </span>
        {showAccuracy && prediction.accuracy && (
          <span className="hunt-prediction__accuracy" title="Predicted minus actual end balance">
            {formatDifference(prediction.accuracy.end_balance_difference)}
          </span>
        )}
      </div>
    </li>
  );
}
