import { formatAmount } from '../../lib/format';
import { personName } from '../../lib/person-name';

/** SPEC §2: accuracy as a plus/minus dollar difference ("+$12.50", "-$3.00", "$0.00"). */
export function formatDifference(value: number): string {
  if (value === 0) return formatAmount(0);
  return value > 0 ? `+${formatAmount(value)}` : formatAmount(value);
}

/** The name shown for a member: the one rule of personName. */
export function displayName(user: { username: string; kick_username: string | null }): string {
  return personName(user);
}
