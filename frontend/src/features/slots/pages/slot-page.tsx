import { Link, useParams } from 'react-router-dom';
import { SLOT_VOLATILITY_LABELS } from '@kickback/contracts';
import { PageHeading } from '../../../components/ui/page-heading';
import { formatAmount, formatDate, formatMultiplier, formatNumber } from '../../../lib/format';
import { useGetSlotQuery } from '../slots-api';
import { RequestButton } from './slots-page';
import { TableHead } from '../../../components/ui/table-head';
import { FactList } from '../../../components/ui/fact-list';

/** One slot: its published facts, its figures across the site's finished hunts and tournaments and played requests, and the hunts it was opened in. */
export default function SlotPage() {
  const id = Number(useParams().id);
  const { data: slot, isLoading, isError } = useGetSlotQuery(id, { skip: !Number.isInteger(id) || id < 1 });
  if (isLoading) return <p role="status">Loading slot...</p>;
  if (isError || !slot) return <p role="alert">Slot not found.</p>;
  const { figures } = slot;
  const facts: [string, string][] = [
    ['Provider', slot.provider.name],
    ['RTP', slot.rtp.length ? slot.rtp.map((r) => `${r}%`).join(' / ') : 'Not published'],
    ['Volatility', slot.volatility ? SLOT_VOLATILITY_LABELS[slot.volatility] : 'Not published'],
    ['Max win', slot.max_win_x === null ? 'Not published' : `${formatNumber(slot.max_win_x)}× bet`],
    ['Released', slot.release_date ?? 'Not published'],
    ['Features', slot.features.join(', ') || '—'],
    ['Themes', slot.themes.join(', ') || '—'],
  ];
  const played: [string, string][] = [
    ['Times opened', formatNumber(figures.times_opened)],
    ['Total bet', formatAmount(figures.total_bet)],
    ['Total won', formatAmount(figures.total_won)],
    ['Average multiplier', figures.average_multiplier === null ? '—' : formatMultiplier(figures.average_multiplier)],
    ['Best multiplier', figures.best_multiplier === null ? '—' : formatMultiplier(figures.best_multiplier)],
    [
      'Biggest win',
      figures.biggest_win === null
        ? '—'
        : `${formatAmount(figures.biggest_win)}${figures.biggest_win_hunt ? ` in ${figures.biggest_win_hunt.name}` : ''}`,
    ],
    ['Last played', figures.last_played_at ? formatDate(figures.last_played_at) : 'Never'],
  ];
  return (
    <section className="page container">
      <PageHeading title={slot.name} lead={slot.provider.name} />
      <RequestButton slotId={slot.id} name={slot.name} inviteVisitors />
      <FactList label="Facts" facts={facts.map(([label, value]) => ({ label, value }))} />
      <h2>On this stream</h2>
      <FactList label="Figures" facts={played.map(([label, value]) => ({ label, value }))} />
      <h2>Hunts</h2>
      {slot.hunts.length === 0 ? (
        <p>Not opened in a finished hunt yet.</p>
      ) : (
        <table className="table">
          <caption>Finished hunts with {slot.name}, newest first</caption>
          <TableHead columns={['Hunt', 'Finished', 'Bet', 'Win', 'Multiplier']} />
          <tbody>
            {slot.hunts.map((h, i) => (
              <tr key={`${h.hunt.id}-${i}`}>
                <th scope="row">
                  <Link to="/bonus-hunts">{h.hunt.name}</Link>
                </th>
                <td>{formatDate(h.completed_at)}</td>
                <td>{formatAmount(h.bet)}</td>
                <td>{h.win === null ? '—' : formatAmount(h.win)}</td>
                <td>{h.multiplier === null ? '—' : formatMultiplier(h.multiplier)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
