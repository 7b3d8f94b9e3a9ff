import type { InfiniteData } from '@reduxjs/toolkit/query';
import {
  fromRaffleEntryPush,
  pushedFirstEntryId,
  type Raffle,
  type RaffleEntriesCursor,
  type RaffleEntriesPush,
  type RaffleEntry,
  type RaffleParticipant,
  type RaffleUser,
} from '@kickback/contracts';

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

/** One page of GET /api/r/raffles/{id}/entries: entrants newest first and the cursor of the next page. */
export interface RaffleEntriesPage {
  data: RaffleParticipant[];
  cursor: RaffleEntriesCursor;
}

/** The entry list as cached: every page loaded so far, newest entrants first. */
export type RaffleEntriesPages = InfiniteData<RaffleEntriesPage, string | null>;

/** An entry row to show, and the member's first entry id in the raffle (null when not known). */
export interface ShownEntry {
  entry: RaffleEntry;
  firstEntryId: number | null;
}

/** SPEC §5: a person is named by kick_username, falling back to username. */
export const participantName = (user: RaffleUser): string => user.kick_username?.trim() || user.username;

/** The server's search (case-insensitive substring of the username or Kick username), for people pushes add. */
export function matchesSearch(user: RaffleUser, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return user.username.toLowerCase().includes(needle) || (user.kick_username ?? '').toLowerCase().includes(needle);
}

/** Entrants of every loaded page, each once: a person can reach two pages when entries arrive between loads. */
export function loadedParticipants(pages: readonly RaffleEntriesPage[] | undefined): RaffleParticipant[] {
  const seen = new Set<number>();
  const people: RaffleParticipant[] = [];
  for (const page of pages ?? [])
    for (const person of page.data)
      if (!seen.has(person.user.id)) {
        seen.add(person.user.id);
        people.push(person);
      }
  return people;
}

/**
 * Applies entry rows (a raffle:entries push, or the member's own entry from the enter answer) to the cached
 * pages: a loaded person gets the row (a higher ticket count wins, pushes can arrive late); a person not loaded
 * is added at the top only if they are new, that is their first entry is newer than the oldest loaded one (or
 * every page is loaded) and they match the search. Older people not loaded yet arrive with their page.
 */
export function applyEntryRows(pages: RaffleEntriesPages, rows: readonly ShownEntry[], search: string): void {
  const first = pages.pages[0];
  if (!first || rows.length === 0) return;
  const byUser = new Map<number, RaffleParticipant>();
  for (const page of pages.pages) for (const person of page.data) if (!byUser.has(person.user.id)) byUser.set(person.user.id, person);
  const oldestLoaded = pages.pages.at(-1)!.cursor.next;
  const newcomers: { person: RaffleParticipant; firstEntryId: number }[] = [];
  for (const { entry, firstEntryId } of rows) {
    const { user, ...line } = entry;
    const person = byUser.get(user.id);
    if (person) {
      const index = person.entries.findIndex((e) => e.id === line.id);
      if (index === -1) person.entries.push(line);
      else if (person.entries[index]!.tickets < line.tickets) person.entries[index] = line;
      person.tickets = person.entries.reduce((sum, e) => sum + e.tickets, 0);
    } else if (firstEntryId !== null && (oldestLoaded === null || firstEntryId > Number(oldestLoaded)) && matchesSearch(user, search)) {
      const added: RaffleParticipant = { user, tickets: line.tickets, entered_at: line.created_at, entries: [line] };
      byUser.set(user.id, added);
      newcomers.push({ person: added, firstEntryId });
    }
  }
  newcomers.sort((a, b) => b.firstEntryId - a.firstEntryId);
  first.data.unshift(...newcomers.map((n) => n.person));
}

/** The id of the person's first entry among the rows the list holds of them. */
const firstEntryOf = (person: RaffleParticipant): number => Math.min(...person.entries.map((e) => e.id));

/**
 * Applies a raffle:entries push to the cached pages. A push that left rows out (`omitted`) sent the newest changed
 * rows only, so below its oldest row the pages may miss entrants or hold stale tickets: the list keeps the people whose
 * first entry is at least that new (exact after the push) in one page, and its cursor continues from the oldest kept,
 * so scrolling on reads the rest from the server.
 */
export function applyEntriesPush(pages: RaffleEntriesPages, push: RaffleEntriesPush, search: string): void {
  applyEntryRows(pages, pushedRows(push), search);
  const first = pages.pages[0];
  if (!first || !(push.omitted > 0) || push.entries.length === 0) return;
  const boundary = Math.min(...push.entries.map((row) => row[0]));
  const people = loadedParticipants(pages.pages);
  const kept = people.filter((person) => firstEntryOf(person) >= boundary);
  if (kept.length === people.length && pages.pages.length === 1) return;
  first.data = kept;
  const oldestKept = kept.length ? Math.min(...kept.map(firstEntryOf)) : boundary;
  first.cursor = { ...first.cursor, next: String(oldestKept) };
  pages.pages = [first];
  pages.pageParams = pages.pageParams.slice(0, 1);
}

/** The rows of a raffle:entries push; pushes carry no time, so they count as arriving now. */
export function pushedRows(push: RaffleEntriesPush): ShownEntry[] {
  const receivedAt = new Date().toISOString();
  return push.entries.map((row) => ({ entry: fromRaffleEntryPush(row, receivedAt), firstEntryId: pushedFirstEntryId(row) }));
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

/** Whether the member held no entry in the raffle yet (their next entry makes them a newcomer to the list). */
export const hasNoEntries = (userEntries: Raffle['user_entries']): boolean =>
  !userEntries.passwordless && !userEntries.password && userEntries.points_tickets === 0;

/** The member's own entry flags after an entry was accepted: the answer's entry says which method and, for points, the tickets now held. */
export function applyOwnEntry(userEntries: Raffle['user_entries'], entry: RaffleEntry): void {
  if (entry.entry_type === 'passwordless') userEntries.passwordless = true;
  else if (entry.entry_type === 'password') userEntries.password = true;
  else userEntries.points_tickets = Math.max(userEntries.points_tickets, entry.tickets);
}
