import type { Raffle } from '@kickback/contracts';
import { formatNumber } from '../../../lib/format';
import { RaffleEntryRules } from './raffle-entry-rules';

export function RaffleEntryMethods({ raffle }: { raffle: Raffle }) {
  return (
    <section className="card raffle-methods" aria-labelledby="raffle-methods-title">
      <h2 id="raffle-methods-title">Entry Methods</h2>
      <ul>
        {raffle.allow_passwordless_entry && (
          <li>
            <strong>Free Entry</strong> — one free ticket per member.
          </li>
        )}
        {raffle.allow_points_entry && (
          <li>
            <strong>Points Entry</strong> — {formatNumber(raffle.points_per_entry ?? 1)} points per ticket
            {raffle.max_tickets_per_user ? `, up to ${formatNumber(raffle.max_tickets_per_user)} tickets per member` : ''}.
          </li>
        )}
        {raffle.has_password_entry && (
          <li>
            <strong>Password Entry</strong> — enter the password announced on stream.
          </li>
        )}
      </ul>
      <RaffleEntryRules raffle={raffle} />
    </section>
  );
}
