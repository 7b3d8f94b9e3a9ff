import { Link } from 'react-router-dom';
import {
  SLOT_SORTS,
  SLOT_VOLATILITIES,
  SLOT_VOLATILITY_LABELS,
  type SlotCatalogueItem,
  type SlotSort,
  type SlotVolatility,
} from '@kickback/contracts';
import { LoginCta } from '../../../components/ui/login-cta';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { errorMessage } from '../../../lib/api-error';
import { formatAmount, formatMultiplier, formatNumber } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { useCurrentUser } from '../../../lib/session';
import { useToast } from '../../../lib/use-toast';
import { MySlotRequests } from '../components/my-slot-requests';
import { SlotRequestPicker } from '../components/slot-request-picker';
import { useGetSlotRequestsQuery, useGetSlotsQuery, useRequestSlotMutation, type SlotListArgs } from '../slots-api';
import { TableHead } from '../../../components/ui/table-head';
import { Options } from '../../../components/ui/options';
import '../slots.css';

const SORT_LABELS: Record<SlotSort, string> = {
  most_played: 'Most played',
  best_average: 'Best average ×',
  biggest_win: 'Biggest win',
  name: 'Name',
};

/** The catalogue's filters as the URL holds them; a value outside a drop-down's choices falls back to its default. */
const URL_DEFAULTS = { sort: 'most_played', search: '', volatility: '', rtp_min: '', rtp_max: '' };
const CHOICES = { sort: SLOT_SORTS, volatility: ['', ...SLOT_VOLATILITIES] };

/** One end of the RTP range filter, in percent. */
function RtpBound({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label>
      {label}
      <input
        className="input"
        type="number"
        min={50}
        max={100}
        step="0.01"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/** Slots: the catalogue with each slot's figures across the site's finished hunts, tournaments and played requests, sorted and filtered through the URL. */
export default function SlotsPage() {
  const { filters, page, setFilter: set, setPage } = useListParams(URL_DEFAULTS, CHOICES);
  const args: SlotListArgs = {
    page,
    sort: filters.sort as SlotSort,
    search: filters.search,
    volatility: filters.volatility as SlotVolatility | '',
    rtpMin: filters.rtp_min,
    rtpMax: filters.rtp_max,
  };
  const { data, isLoading, isError } = useGetSlotsQuery(args);
  return (
    <section className="page container">
      <PageHeading title="Slots" lead="Every slot played on stream: how often it was opened, what it paid and the published facts." />
      <RequestsStatus />
      <div className="slot-requests">
        <SlotRequestPicker />
        <MySlotRequests />
      </div>
      <form className="slots__filters" role="search" aria-label="Filter slots" onSubmit={(event) => event.preventDefault()}>
        <label>
          Search
          <input className="input" value={args.search} maxLength={100} onChange={(event) => set('search', event.target.value)} />
        </label>
        <label>
          Sort by
          <select className="select" value={args.sort} onChange={(event) => set('sort', event.target.value)}>
            <Options values={SLOT_SORTS} labels={SORT_LABELS} />
          </select>
        </label>
        <label>
          Volatility
          <select className="select" value={args.volatility} onChange={(event) => set('volatility', event.target.value)}>
            <option value="">Any</option>
            <Options values={SLOT_VOLATILITIES} labels={SLOT_VOLATILITY_LABELS} />
          </select>
        </label>
        <RtpBound label="RTP from (%)" value={args.rtpMin} onChange={(value) => set('rtp_min', value)} />
        <RtpBound label="RTP to (%)" value={args.rtpMax} onChange={(value) => set('rtp_max', value)} />
      </form>
      {isLoading && <p role="status">Loading slots...</p>}
      {isError && <p role="alert">Failed to load slots.</p>}
      {data && data.data.length === 0 && <p>No slot matches these filters.</p>}
      {data && data.data.length > 0 && (
        // A phone scrolls the table sideways inside its box, never the whole page; the box is focusable so a keyboard can too.
        <div className="slots__table-wrap" role="region" aria-label="Slots table" tabIndex={0}>
          <table className="table">
            <caption>Slots by {SORT_LABELS[args.sort].toLowerCase()}</caption>
            <TableHead columns={['Slot', 'Provider', 'RTP', 'Opened', 'Average ×', 'Biggest win']} hiddenLast="Request" />
            <tbody>
              {data.data.map((slot) => (
                <SlotRow key={slot.id} slot={slot} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager page={args.page} lastPage={data.pagination.last_page} onPage={setPage} label="Slot pages" />}
    </section>
  );
}

function SlotRow({ slot }: { slot: SlotCatalogueItem }) {
  const { figures } = slot;
  return (
    <tr>
      <th scope="row">
        <Link to={`/slots/${slot.id}`}>{slot.name}</Link>
      </th>
      <td>{slot.provider.name}</td>
      <td>{slot.rtp.length ? slot.rtp.map((r) => `${r}%`).join(' / ') : '—'}</td>
      <td>{formatNumber(figures.times_opened)}</td>
      <td>{figures.average_multiplier === null ? '—' : formatMultiplier(figures.average_multiplier)}</td>
      <td>{figures.biggest_win === null ? '—' : formatAmount(figures.biggest_win)}</td>
      <td>
        <RequestButton slotId={slot.id} name={slot.name} />
      </td>
    </tr>
  );
}

/** Whether requests are open and what one costs. */
function RequestsStatus() {
  const { data } = useGetSlotRequestsQuery();
  // Closed, the request box below says so.
  if (!data?.open) return null;
  return (
    <p className="field-hint" data-testid="slot-requests-status">
      {`Slot requests are open: ${data.price === 0 ? 'free' : `${formatNumber(data.price)} points`} a request, ${formatNumber(data.total)} in the queue.`}
    </p>
  );
}

/** Members request a slot from the catalogue itself: no typed name, so nothing is misspelled. */
export function RequestButton({ slotId, name, inviteVisitors = false }: { slotId: number; name: string; inviteVisitors?: boolean }) {
  const user = useCurrentUser();
  const [request, state] = useRequestSlotMutation();
  const toast = useToast();
  // A visitor is invited to log in where the slot stands alone (its page); the catalogue's rows stay quiet, as the
  // request box above them invites once.
  if (!user) return inviteVisitors ? <LoginCta className="button button--primary button--small" purpose={`to request ${name}`} /> : null;
  const ask = async () => {
    try {
      const answer = await request(slotId).unwrap();
      toast.success(`${answer.message ?? 'Requested.'} ${name} is #${answer.data.request.place} in the queue.`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to request the slot'));
    }
  };
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      disabled={state.isLoading}
      onClick={() => void ask()}
      aria-label={`Request ${name}`}
    >
      Request
    </button>
  );
}
