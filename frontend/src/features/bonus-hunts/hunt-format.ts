import { formatAmount } from '../../lib/format';

/** SPEC §2: accuracy as a plus/minus dollar difference ("+$12.50", "-$3.00", "$0.00"). */
export function formatDifference(value: number): string {
  if (value === 0) return formatAmount(0);
  return value > 0 ? `+${formatAmount(value)}` : formatAmount(value);
}

/** The name shown for a member: their Kick username when linked, else the site username. */
export function displayName(user: { username: string; kick_username: string | null }): string {
  return user.kick_username || user.username;
}
