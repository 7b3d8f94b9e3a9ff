import type { CurrentHuntData } from '@kickback/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { useCurrentUser } from '../../../lib/session';
import { HighestMultiplierCard } from './highest-multiplier-card';
import { HuntPhaseBanner } from './hunt-phase-banner';
import { HuntResultsScene } from './hunt-results';
import { HuntStatTiles } from './hunt-stat-tiles';
import { PredictionForm } from './prediction-form';
import { SlotGrid } from './slot-grid';
import { TopPredictions } from './top-predictions';

export function CurrentHuntTab({ data }: { data: CurrentHuntData | undefined }) {
  const user = useCurrentUser();
  if (!data?.hunt || !data.statistics) {
    return (
      <>
        {data?.results && <HuntResultsScene results={data.results} />}
        <EmptyState title="No Active Hunt" text="Check back later for the next bonus hunt!" />
      </>
    );
  }
  const { hunt, statistics, games } = data;
  const slotNames = [...new Set(games.map((game) => game.slot_name))];
  return (
    <div className="hunt-current" data-testid="current-hunt">
      <HuntPhaseBanner hunt={hunt} />
      <HuntStatTiles statistics={statistics} />
      {statistics.highest_multiplier_game && <HighestMultiplierCard game={statistics.highest_multiplier_game} />}
      <div className="hunt-current__columns">
        <SlotGrid games={games} />
        <aside className="hunt-current__side">
          {hunt.predictions_active &&
            (user ? (
              <PredictionForm
                // Remount with the saved values whenever the stored prediction changes.
                key={`${hunt.id}-${data.user_prediction?.updated_at ?? 'new'}`}
                huntId={hunt.id}
                existing={data.user_prediction}
                slotNames={slotNames}
                loggedIn
                predictionsActive={hunt.predictions_active}
              />
            ) : (
              <section className="card hunt-form">
                <h2 className="hunt-section-title">Make Your Prediction</h2>
                <p className="hunt-muted">Please log in to make predictions</p>
                <a href="/login" className="button button--primary">
                  Login
                </a>
              </section>
            ))}
          <TopPredictions
            predictions={data.top_predictions}
            rankedAgainst={hunt.status === 'completed' ? null : statistics.projected_end_balance}
          />
        </aside>
      </div>
    </div>
  );
}
