import { describeEntryRules, type Raffle } from '@kickback/contracts';

/** Who may enter, before anyone tries (the same words the refusals use); nothing for a raffle without rules. */
export function RaffleEntryRules({ raffle }: { raffle: Raffle }) {
  const lines = describeEntryRules(raffle.entry_rules);
  if (!lines.length) return null;
  return (
    <ul className="raffle-rules" aria-label="Who may enter" data-testid={`raffle-rules-${raffle.id}`}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
