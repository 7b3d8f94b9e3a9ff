import { useId, useState, type FormEvent } from 'react';
import type { SlotCatalogueItem, SlotRequestOutcome } from '@kickback/contracts';
import { SLOT_REQUEST_TEXTS } from '@kickback/contracts/api/slots';
import { LoginCta } from '../../../components/ui/login-cta';
import { errorMessage } from '../../../lib/api-error';
import { formatCount } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useDebounced } from '../../../lib/use-debounced';
import { useViewerSafety } from '../../../lib/safety-api';
import { useFindSlotsToRequestQuery, useGetSlotRequestsQuery, useRequestSlotMutation } from '../slots-api';
import { SearchInput } from '../../../components/ui/search-input';

/** Matches listed under the box: typing more narrows them. */
const SHOWN_MATCHES = 8;

export const priceText = (price: number) => (price === 0 ? 'free' : formatCount(price, 'point'));

/**
 * A member asks for a slot by picking it from the catalogue as they type: there is no free text to send, so no
 * misspelled name reaches the queue. The server decides every rule; its refusal (cooldown, limit, blocked slot or
 * provider, closed queue, points) is shown as it says it.
 */
export function SlotRequestPicker() {
  const user = useCurrentUser();
  const safety = useViewerSafety();
  const headingId = useId();
  const { data: queue } = useGetSlotRequestsQuery();
  const body = () => {
    if (!queue) return null;
    if (!queue.open) return <p role="status">Slot requests are closed right now.</p>;
    if (!user)
      return (
        <p>
          <LoginCta className="button button--primary button--small" purpose="to request a slot" /> to ask the streamer for a slot with your
          points.
        </p>
      );
    // The server refuses a member on a break in these words; the picker is not offered to be refused.
    if (safety?.break) return <p role="status">{SLOT_REQUEST_TEXTS.notAvailable}</p>;
    return <Picker price={queue.price} />;
  };
  return (
    <section className="card slot-request" aria-labelledby={headingId}>
      <h2 id={headingId}>Request a slot</h2>
      {body()}
    </section>
  );
}

function Picker({ price }: { price: number }) {
  const [term, setTerm] = useState('');
  const [picked, setPicked] = useState<SlotCatalogueItem | null>(null);
  const [answer, setAnswer] = useState<{ outcome: SlotRequestOutcome; message: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [request, requesting] = useRequestSlotMutation();
  const search = useDebounced(term.trim(), 250);
  const matches = useFindSlotsToRequestQuery(search, { skip: search === '' || picked !== null });
  const listId = useId();

  const pick = (slot: SlotCatalogueItem) => {
    setPicked(slot);
    setRefusal(null);
    setAnswer(null);
  };
  const shown = (matches.currentData ?? []).slice(0, SHOWN_MATCHES);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Enter in the search box picks the first match; the request itself is always a second, deliberate step.
    if (!picked) {
      if (shown[0]) pick(shown[0]);
      return;
    }
    setRefusal(null);
    try {
      const { data, message } = await request(picked.id).unwrap();
      setAnswer({ outcome: data, message: message ?? 'Your request is in the queue.' });
      setPicked(null);
      setTerm('');
    } catch (error) {
      setRefusal(errorMessage(error, 'Failed to request the slot'));
    }
  };

  const searching = search !== '' && picked === null;
  return (
    <form className="slot-request__form" onSubmit={(event) => void submit(event)} aria-label="Request a slot">
      <p className="field-hint" data-testid="slot-request-price">
        {price === 0 ? 'Requests are free.' : `A request costs ${priceText(price)}.`}
      </p>
      {picked ? (
        <p className="slot-request__picked" data-testid="slot-request-picked">
          <strong>{picked.name}</strong> <span className="field-hint">{picked.provider.name}</span>{' '}
          <button type="button" className="button button--ghost button--small" onClick={() => setPicked(null)}>
            Change
          </button>
        </p>
      ) : (
        <label className="field">
          Find a slot in the catalogue
          <SearchInput placeholder="Slot or provider name" maxLength={100} value={term} aria-controls={listId} onChange={setTerm} />
        </label>
      )}
      {searching && (
        <ul id={listId} className="slot-request__matches" aria-label="Matching slots">
          {shown.map((slot) => (
            <li key={slot.id}>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => pick(slot)}
                aria-label={`Pick ${slot.name}`}
              >
                {slot.name} <small>({slot.provider.name})</small>
              </button>
            </li>
          ))}
        </ul>
      )}
      {searching && matches.isFetching && <p className="field-hint">Searching...</p>}
      {searching && !matches.isFetching && matches.currentData?.length === 0 && (
        <p className="field-hint">No slot in the catalogue matches “{search}”.</p>
      )}
      {picked && (
        <button type="submit" className="button button--primary" disabled={requesting.isLoading}>
          {price === 0 ? `Request ${picked.name} (free)` : `Request ${picked.name} for ${priceText(price)}`}
        </button>
      )}
      {refusal && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
      {answer && (
        <p role="status" data-testid="slot-request-answer">
          {answer.message} {answer.outcome.request.slot.name} is #{answer.outcome.request.place} in the queue;{' '}
          {answer.outcome.points_spent === 0 ? 'no points charged.' : `${priceText(answer.outcome.points_spent)} charged.`}
        </p>
      )}
    </form>
  );
}
