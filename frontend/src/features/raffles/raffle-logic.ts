import type { Raffle, RaffleEntriesPush, RaffleEntry, RaffleUser } from '@kickback/contracts';

/** SPEC §9: a card shows this many winners, then 'and N more winner(s)'. */
export const CARD_WINNERS_SHOWN = 3;

export const KICK_USERNAME_MESSAGE = 'You need a Kick streaming username to enter raffles. Connect your Kick account in Settings.';
export const LOGIN_MESSAGE = 'Please log in to enter raffles';

/** SPEC §4: Ended, Active, or Pending ('Not Started' on the detail page). */
export function raffleStatusLabel(
  raffle: Pick<Raffle, 'has_ended' | 'is_accepting_entries'>,
  detail = false,
): 'Ended' | 'Active' | 'Pending' | 'Not Started' {
  if (raffle.has_ended) return 'Ended';
  if (raffle.is_accepting_entries) return 'Active';
  return detail ? 'Not Started' : 'Pending';
}

export function entryTypesSummary(
  raffle: Pick<Raffle, 'allow_passwordless_entry' | 'allow_points_entry' | 'points_per_entry' | 'has_password_entry'>,
): string[] {
  const types: string[] = [];
  if (raffle.allow_passwordless_entry) types.push('Free');
  if (raffle.allow_points_entry) types.push(`${raffle.points_per_entry ?? 1} Points`);
  if (raffle.has_password_entry) types.push('Password');
  return types;
}

export interface Participant {
  key: string;
  name: string;
  user: RaffleUser;
  tickets: number;
}

/** SPEC §5: one row per person, named by kick_username (falling back to username), most tickets first. */
export function groupParticipants(entries: readonly RaffleEntry[]): Participant[] {
  const byPerson = new Map<string, Participant>();
  for (const entry of entries) {
    const name = entry.user.kick_username?.trim() || entry.user.username;
    const key = name.toLowerCase();
    const current = byPerson.get(key);
    if (current) current.tickets += entry.tickets;
    else byPerson.set(key, { key, name, user: entry.user, tickets: entry.tickets });
  }
  return [...byPerson.values()].sort((a, b) => b.tickets - a.tickets || a.name.localeCompare(b.name));
}

/** Case-insensitive substring match on the shown name and the username. */
export function filterParticipants(participants: readonly Participant[], query: string): Participant[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...participants];
  return participants.filter((p) => p.name.toLowerCase().includes(needle) || p.user.username.toLowerCase().includes(needle));
}

/** The person's tickets over all entries, as a percentage with 2 decimals. */
export function winChance(tickets: number, totalEntries: number): string {
  if (totalEntries <= 0) return '0.00%';
  return `${((tickets / totalEntries) * 100).toFixed(2)}%`;
}

export function applyTotals(raffle: Raffle, push: RaffleEntriesPush): void {
  raffle.total_entries = push.total_entries;
  raffle.participants_count = push.participants_count;
}

/** The member's own entry flags after an entry was accepted: the answer's entry says which method and, for points, the tickets now held. */
export function applyOwnEntry(userEntries: Raffle['user_entries'], entry: RaffleEntry): void {
  if (entry.entry_type === 'passwordless') userEntries.passwordless = true;
  else if (entry.entry_type === 'password') userEntries.password = true;
  else userEntries.points_tickets = Math.max(userEntries.points_tickets, entry.tickets);
}

/** Upserts one entry (the member's own, from the enter answer) into a cached entry list; a higher ticket count wins. */
export function upsertEntry(entries: RaffleEntry[], entry: RaffleEntry): void {
  const index = entries.findIndex((e) => e.id === entry.id);
  if (index === -1) entries.push(entry);
  else if (entries[index]!.tickets < entry.tickets) entries[index] = entry;
}
