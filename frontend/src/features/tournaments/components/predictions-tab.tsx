import { useState } from 'react';
import type { TournamentTopPrediction } from '@kickback/contracts';
import { Avatar } from '../../../components/ui/avatar';
import { EmptyState } from '../../../components/ui/empty-state';
import { PickBreakdownModal } from './pick-breakdown-modal';
import { personName } from '../../../lib/person-name';
import { TableHead } from '../../../components/ui/table-head';

const nameOf = (p: TournamentTopPrediction) => personName(p.user);

/** SPEC §4 predictions tab: Top Performers (first 3) and All Predictions with accuracy and correct/total. */
export function PredictionsTab({ tournamentId, standings }: { tournamentId: number; standings: TournamentTopPrediction[] }) {
  const [viewing, setViewing] = useState<TournamentTopPrediction | null>(null);
  if (standings.length === 0) return <EmptyState title="No Predictions Yet" text="Be the first to make a prediction!" />;
  return (
    <div className="tournament-predictions">
      <section className="card" aria-labelledby="top-performers">
        <h2 id="top-performers" className="tournament-section-title">
          Top Performers
        </h2>
        <ol className="tournament-top">
          {standings.slice(0, 3).map((p, i) => (
            <li key={p.user.id} className="tournament-top__item" data-testid="top-performer">
              <span className={`tournament-rank tournament-rank--${i + 1}`}>#{i + 1}</span>
              <Avatar user={p.user} name={nameOf(p)} size={36} />
              <span className="tournament-top__name">{nameOf(p)}</span>
              <span className="tournament-accuracy">{p.accuracy}%</span>
            </li>
          ))}
        </ol>
      </section>
      <section className="card" aria-labelledby="all-predictions">
        <h2 id="all-predictions" className="tournament-section-title">
          All Predictions
        </h2>
        <div className="tournament-table-wrap">
          <table className="tournament-table">
            <TableHead columns={['#', 'Member', 'Accuracy', 'Correct']} hiddenLast="Actions" />
            <tbody>
              {standings.map((p, i) => (
                <tr key={p.user.id} data-testid="prediction-row">
                  <td>{i + 1}</td>
                  <td>
                    <span className="tournament-member">
                      <Avatar user={p.user} name={nameOf(p)} size={28} />
                      <span className="tournament-member__name" title={nameOf(p)}>
                        {nameOf(p)}
                      </span>
                    </span>
                  </td>
                  <td>{p.accuracy}%</td>
                  <td>
                    {p.correct}/{p.total}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() => setViewing(p)}
                      aria-label={`View ${nameOf(p)}'s picks`}
                    >
                      View
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {viewing && (
        <PickBreakdownModal tournamentId={tournamentId} prediction={viewing} name={nameOf(viewing)} onClose={() => setViewing(null)} />
      )}
    </div>
  );
}
