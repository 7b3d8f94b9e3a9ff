import type { TournamentMatch } from '@kickback/contracts';
import { formatMultiplier } from '../../../lib/format';
import { groupByRound, isPickable, roundTitle } from '../tournament-view';

interface BracketViewProps {
  matches: TournamentMatch[];
  /** Predict mode: the member's picks by match id, and what a click on a slot does. */
  picks?: Map<number, string>;
  onPick?: (match: TournamentMatch, name: string) => void;
}

/** SPEC §4 bracket: rounds side by side, the last titled 'Final'; each slot shows its name or TBD and its multiplier. */
export function BracketView({ matches, picks, onPick }: BracketViewProps) {
  const rounds = groupByRound(matches);
  const lastRound = rounds.at(-1)?.round ?? 1;
  return (
    <div className="bracket">
      {rounds.map(({ round, matches: list }) => (
        <section key={round} className="bracket__round" aria-labelledby={`round-${round}`}>
          <h2 id={`round-${round}`} className="bracket__round-title">
            {roundTitle(round, lastRound)}
          </h2>
          <div className="bracket__matches">
            {list.map((match) => (
              <MatchCard key={match.id} match={match} pick={picks?.get(match.id) ?? null} onPick={onPick} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function MatchCard({ match, pick, onPick }: { match: TournamentMatch; pick: string | null; onPick?: BracketViewProps['onPick'] }) {
  const pickable = onPick !== undefined && isPickable(match);
  const slots = [
    { name: match.slot1_name, multiplier: match.slot1_multiplier },
    { name: match.slot2_name, multiplier: match.slot2_multiplier },
  ];
  return (
    <article className="card bracket-match" data-testid={`match-${match.id}`}>
      <h3 className="bracket-match__title">Match {match.match_number}</h3>
      {slots.map((slot, i) => {
        const won = slot.name !== null && match.winner_name === slot.name;
        const picked = slot.name !== null && pick === slot.name;
        const className = ['bracket-slot', won && 'bracket-slot--winner', picked && 'bracket-slot--picked'].filter(Boolean).join(' ');
        const content = (
          <>
            <span className="bracket-slot__name">{slot.name ?? 'TBD'}</span>
            {slot.multiplier !== null && <span className="bracket-slot__multiplier">{formatMultiplier(slot.multiplier)}</span>}
          </>
        );
        return pickable && slot.name !== null ? (
          <button
            key={i}
            type="button"
            className={className}
            aria-pressed={picked}
            aria-label={`Pick ${slot.name} in match ${match.match_number}`}
            onClick={() => onPick!(match, slot.name!)}
          >
            {content}
          </button>
        ) : (
          <div key={i} className={className} data-testid="bracket-slot">
            {content}
          </div>
        );
      })}
    </article>
  );
}
