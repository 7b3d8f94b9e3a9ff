import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { EmptyState } from '../../../components/ui/empty-state';
import { TabList } from '../../../components/ui/tab-list';
import { PageHeading } from '../../../components/ui/page-heading';
import { errorStatus } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { useToast } from '../../../lib/use-toast';
import { BracketView } from '../components/bracket-view';
import { PredictTab } from '../components/predict-tab';
import { PredictionsTab } from '../components/predictions-tab';
import { useGetTournamentQuery } from '../tournaments-api';
import { statusLabel } from '../tournament-view';
import '../tournaments.css';

const TABS = [
  { id: 'bracket', label: 'Bracket' },
  { id: 'predict', label: 'Predict' },
  { id: 'predictions', label: 'Predictions' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export default function TournamentDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const toast = useToast();
  const [tab, setTab] = useState<TabId>('bracket');
  const query = useGetTournamentQuery(id, { skip: !valid });

  const status = errorStatus(query.error);
  const notFound = !valid || (query.isError && status === 404);
  useEffect(() => {
    // SPEC §8: any other failure toasts and goes back to the list.
    if (!query.isError || status === 404) return;
    toast.error('Failed to load tournament');
    navigate('/tournaments', { replace: true });
  }, [query.isError, status, toast, navigate]);

  const back = (
    <Link className="tournament-back" to="/tournaments">
      ← Back to Tournaments
    </Link>
  );
  if (notFound) {
    return (
      <section className="page container">
        <EmptyState title="Tournament Not Found" text="The tournament you're looking for doesn't exist." level={1}>
          {back}
        </EmptyState>
      </section>
    );
  }
  if (!query.data) {
    return (
      <section className="page container">
        {back}
        <p role="status" className="tournament-muted">
          Loading tournament...
        </p>
      </section>
    );
  }

  const { tournament } = query.data;
  const tiles = [
    { label: 'Matches', value: formatNumber(tournament.matches_count) },
    { label: 'Predictions', value: formatNumber(tournament.predictions_count) },
    { label: 'Status', value: statusLabel(tournament) },
    { label: 'Size', value: String(tournament.size) },
  ];
  return (
    <section className="page container">
      {back}
      <PageHeading title={tournament.name} lead={`${tournament.size} Slot Tournament`} />
      {tournament.winner && (
        <div className="card tournament-winner">
          <span className="tournament-muted">Winner</span>
          <strong>{tournament.winner}</strong>
        </div>
      )}
      <dl className="tournament-tiles">
        {tiles.map((tile) => (
          <div key={tile.label} className="card tournament-tile" data-testid={`tile-${tile.label.toLowerCase()}`}>
            <dt>{tile.label}</dt>
            <dd>{tile.value}</dd>
          </div>
        ))}
      </dl>
      <TabList name="tournament" label="Tournament views" tabs={TABS} selected={tab} onSelect={setTab} panel="each" look="underline" />
      <div role="tabpanel" id={`tournament-panel-${tab}`} aria-labelledby={`tournament-tab-${tab}`}>
        {tab === 'bracket' && <BracketView matches={tournament.matches} />}
        {tab === 'predict' && <PredictTab key={tournament.id} data={query.data} />}
        {tab === 'predictions' && <PredictionsTab tournamentId={tournament.id} standings={query.data.top_predictions} />}
      </div>
    </section>
  );
}
