import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { FriendSearchResult } from '@kickback/contracts';
import { FRIEND_ERRORS, FRIEND_SEARCH_QUERY_MAX } from '@kickback/contracts/api/friends';
import { Avatar } from '../../components/ui/avatar';
import { useSearchMembersQuery } from '../../lib/friends-api';
import { useFriendActions } from '../../lib/use-friend-actions';
import { personName } from '../../lib/person-name';
import { SearchInput } from '../../components/ui/search-input';

function ResultAction({ result, name }: { result: FriendSearchResult; name: string }) {
  const actions = useFriendActions();
  const { friendship } = result;
  if (friendship.status === 'accepted') return <span className="friends-menu__muted">Friends</span>;
  if (friendship.can_accept) return <span className="friends-menu__muted">Wants to be friends</span>;
  if (friendship.status === 'pending') return <span className="friends-menu__muted">Request Sent</span>;
  if (!friendship.can_send_request) return null;
  return (
    <button
      type="button"
      className="button button--primary button--small"
      disabled={actions.busy}
      aria-label={`Add ${name} as a friend`}
      onClick={() => void actions.send(result.id)}
    >
      Add Friend
    </button>
  );
}

/** Finding members to befriend (GET /api/r/friends/search): each result carries the viewer's friendship with them. */
export function FriendSearch() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { data, isFetching, isError } = useSearchMembersQuery(query, { skip: query === '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    setProblem(trimmed === '' ? FRIEND_ERRORS.queryRequired : null);
    setQuery(trimmed);
  };

  return (
    <section aria-labelledby="friends-menu-search">
      <h2 id="friends-menu-search" className="friends-menu__title">
        Find Members
      </h2>
      <form className="friends-menu__search" role="search" onSubmit={submit}>
        <label htmlFor="friends-menu-search-input" className="visually-hidden">
          Member name
        </label>
        <SearchInput
          id="friends-menu-search-input"
          value={text}
          maxLength={FRIEND_SEARCH_QUERY_MAX}
          placeholder="Member name"
          onChange={setText}
        />
        <button type="submit" className="button button--ghost button--small">
          Search
        </button>
      </form>
      {problem && <p className="friends-menu__muted">{problem}</p>}
      {query !== '' && isFetching && (
        <p className="friends-menu__muted" role="status">
          Searching...
        </p>
      )}
      {query !== '' && isError && !isFetching && <p className="friends-menu__muted">Failed to search members</p>}
      {query !== '' && data && !isFetching && data.length === 0 && <p className="friends-menu__muted">No members found</p>}
      {query !== '' && data && data.length > 0 && (
        <ul className="friends-menu__list" data-testid="friends-menu-search-results">
          {data.map((result) => {
            const name = personName(result);
            return (
              <li key={result.id} className="friends-menu__row">
                <Link to={`/profile/${encodeURIComponent(result.username)}`} className="friends-menu__member">
                  <Avatar user={result} name={name} size={28} />
                  <span>{name}</span>
                </Link>
                <ResultAction result={result} name={name} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
