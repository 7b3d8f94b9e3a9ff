import type { PollView } from '@kickback/contracts';
import './poll-results.css';

/**
 * A poll's options with their votes and whole percents (they add up to 100 once anyone voted: pollPercents), as a bar
 * each. The site's polls page and Go live show the same list; `mine` marks the member's own choice.
 */
export function PollResults({ poll, mine = null, testId }: { poll: PollView; mine?: number | null; testId: string }) {
  return (
    <ul className="poll-results" aria-label="Results">
      {poll.options.map((o) => (
        <li key={o.index} className="poll-results__option" data-testid={`${testId}-option-${o.index}`}>
          <span className="poll-results__label">
            {o.label}
            {mine === o.index && ' (your vote)'}
          </span>
          <span className="poll-results__count">
            {o.votes} {o.votes === 1 ? 'vote' : 'votes'} · {o.percent}%
          </span>
          <span className="poll-results__bar" style={{ width: `${o.percent}%` }} aria-hidden="true" />
        </li>
      ))}
    </ul>
  );
}
