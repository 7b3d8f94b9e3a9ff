import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import type { HuntPrediction } from '@kickback/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { errorMessage } from '../../../lib/api-error';
import { useToast } from '../../../lib/use-toast';
import { bonusHuntsApi, useGetHuntPredictionsQuery, useLazySearchHuntPredictionQuery } from '../bonus-hunts-api';
import { Pager } from '../../../components/ui/pager';
import { PredictionRow } from './prediction-row';
import { SearchInput } from '../../../components/ui/search-input';

/** SPEC §2 Predictions tab: the hunt's predictions in rank order, username search, pager. */
export function PredictionsTab({ huntId }: { huntId: number | null }) {
  const toast = useToast();
  const dispatch = useDispatch();
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<HuntPrediction | null>(null);
  const list = useGetHuntPredictionsQuery({ huntId: huntId ?? 0, page }, { skip: huntId === null });
  const [search, searchState] = useLazySearchHuntPredictionQuery();

  const onSearch = async (event?: FormEvent) => {
    event?.preventDefault();
    const username = query.trim();
    if (!username) {
      toast.error('Please enter a username to search');
      return;
    }
    if (huntId === null) return;
    try {
      const answer = await search({ huntId, username }).unwrap();
      if (answer.success && answer.data) setFound(answer.data);
      else {
        setFound(null);
        toast.error(answer.message ?? 'Failed to search prediction');
      }
    } catch (error) {
      setFound(null);
      toast.error(errorMessage(error, 'Failed to search prediction'));
    }
  };

  // SPEC §4: clearing resets the query, returns to page 1 and reloads the list.
  const onClear = () => {
    setQuery('');
    setFound(null);
    setPage(1);
    dispatch(bonusHuntsApi.util.invalidateTags(['HuntPredictions']));
  };

  const predictions = found ? [found] : (list.data?.data ?? []);
  const lastPage = list.data?.pagination.last_page ?? 1;

  return (
    <div className="hunt-predictions">
      {huntId !== null && <p className="hunt-muted">Predictions for Hunt #{huntId}</p>}
      <form className="hunt-search" role="search" onSubmit={onSearch}>
        <label htmlFor="hunt-search-input" className="visually-hidden">
          Search by username
        </label>
        <SearchInput id="hunt-search-input" placeholder="Search by username..." value={query} onChange={setQuery} />
        <button type="submit" className="button button--primary" disabled={searchState.isFetching}>
          Search
        </button>
        {(query !== '' || found) && (
          <button type="button" className="button button--ghost" onClick={onClear} aria-label="Clear search">
            Clear
          </button>
        )}
      </form>

      {huntId !== null && list.isLoading ? (
        <p role="status" className="hunt-muted">
          Loading predictions...
        </p>
      ) : predictions.length === 0 ? (
        <EmptyState title="No Predictions Yet" text="Be the first to make a prediction!" />
      ) : (
        <>
          <ol className="card hunt-prediction-list" data-testid="predictions-list">
            {predictions.map((prediction) => (
              <PredictionRow key={prediction.id} prediction={prediction} showAccuracy />
            ))}
          </ol>
          {!found && <Pager page={page} lastPage={lastPage} onPage={setPage} label="Predictions pages" />}
        </>
      )}
    </div>
  );
}
