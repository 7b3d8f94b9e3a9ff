import type { InfiniteData } from '@reduxjs/toolkit/query';
import { personName } from '../../lib/person-name';
import {
  RAFFLE_ENTRIES_PAGE,
  fromRaffleEntryPush,
  pushedFirstEntryId,
  pushedPersonTickets,
  type Raffle,
  type RaffleEntriesCursor,
  type RaffleEntriesPush,
  type RaffleEntry,
  type RaffleEntryOrder,
  type RaffleParticipant,
  type RaffleUser,
  type RaffleWeights,
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
  /** The raffle's tickets and weight when the first page was read (later pages carry none). */
  weights?: RaffleWeights;
}

/** The entry list as cached: every page loaded so far, newest entrants first. */
export type RaffleEntriesPages = InfiniteData<RaffleEntriesPage, string | null>;

/** An entry row to show, the member's first entry id in the raffle (null when not known) and tickets held (when known). */
export interface ShownEntry {
  entry: RaffleEntry;
  firstEntryId: number | null;
  personTickets?: number;
}

/** A person's place in a list order: higher ranks first. Tickets order: most tickets, then the earlier first entry. */
type Place = readonly [number, number];
const placeOf = (order: RaffleEntryOrder, tickets: number, firstEntryId: number): Place =>
  order === 'newest' ? [firstEntryId, 0] : [tickets, -firstEntryId];
const ranksAbove = (a: Place, b: Place): boolean => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
const ranksAtLeast = (a: Place, b: Place): boolean => !ranksAbove(b, a);

/** The place a cursor names (the last person sent): `id` for newest, `tickets.id` for most tickets. */
function cursorPlace(order: RaffleEntryOrder, cursor: string): Place {
  const [a, b] = cursor.split('.').map(Number);
  return order === 'newest' ? placeOf(order, 0, a!) : placeOf(order, a!, b!);
}

const cursorOf = (order: RaffleEntryOrder, tickets: number, firstEntryId: number): string =>
  order === 'newest' ? String(firstEntryId) : `${tickets}.${firstEntryId}`;

/** The id of the person's first entry among the rows the list holds of them. */
const firstEntryOf = (person: RaffleParticipant): number => Math.min(...person.entries.map((e) => e.id));
const personPlace = (order: RaffleEntryOrder, person: RaffleParticipant): Place => placeOf(order, person.tickets, firstEntryOf(person));

/** SPEC §5: a person is named by kick_username, falling back to username. */
export const participantName = (user: RaffleUser): string => personName(user);

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
 * pages in the list's order: a loaded person gets the row (a higher ticket count wins, pushes can arrive late); a
 * person not loaded is added only if they now rank above the last loaded place (or every page is loaded) and match
 * the search. The others arrive with their page. In the tickets order people move up as their tickets grow, so the
 * loaded people are sorted again into one page that keeps the last page's cursor.
 */
export function applyEntryRows(pages: RaffleEntriesPages, rows: readonly ShownEntry[], search: string, order: RaffleEntryOrder): void {
  const first = pages.pages[0];
  if (!first || rows.length === 0) return;
  const people = loadedParticipants(pages.pages);
  const byUser = new Map(people.map((person) => [person.user.id, person]));
  const lastCursor = pages.pages.at(-1)!.cursor.next;
  const lastPlace = lastCursor === null ? null : cursorPlace(order, lastCursor);
  const newcomers: RaffleParticipant[] = [];
  for (const { entry, firstEntryId, personTickets } of rows) {
    const { user, ...line } = entry;
    const person = byUser.get(user.id);
    if (person) {
      const index = person.entries.findIndex((e) => e.id === line.id);
      if (index === -1) person.entries.push(line);
      else if (person.entries[index]!.tickets < line.tickets) person.entries[index] = line;
      person.tickets = Math.max(
        person.entries.reduce((sum, e) => sum + e.tickets, 0),
        personTickets ?? 0,
      );
      continue;
    }
    if (firstEntryId === null || !matchesSearch(user, search)) continue;
    const tickets = personTickets ?? line.tickets;
    if (lastPlace && !ranksAbove(placeOf(order, tickets, firstEntryId), lastPlace)) continue;
    const added: RaffleParticipant = { user, tickets, entered_at: line.created_at, entries: [line] };
    byUser.set(user.id, added);
    newcomers.push(added);
  }
  if (order === 'newest') {
    newcomers.sort((a, b) => firstEntryOf(b) - firstEntryOf(a));
    first.data.unshift(...newcomers);
    return;
  }
  first.data = [...people, ...newcomers].sort((a, b) => {
    const [pa, pb] = [personPlace(order, a), personPlace(order, b)];
    return ranksAbove(pa, pb) ? -1 : ranksAbove(pb, pa) ? 1 : 0;
  });
  first.cursor = { ...first.cursor, next: lastCursor };
  pages.pages = [first];
  pages.pageParams = pages.pageParams.slice(0, 1);
}

/**
 * Applies a raffle:entries push to the cached pages. A push that left rows out (`omitted`) sent, for each order, the
 * changed rows that rank highest, so below the RAFFLE_ENTRIES_PAGE-th of them in this list's order the pages may miss
 * entrants or hold stale tickets: the list keeps the people that rank at least as high (exact after the push) in one
 * page, and its cursor continues from the last kept, so scrolling on reads the rest from the server.
 */
export function applyEntriesPush(pages: RaffleEntriesPages, push: RaffleEntriesPush, search: string, order: RaffleEntryOrder): void {
  applyEntryRows(pages, pushedRows(push), search, order);
  const first = pages.pages[0];
  if (!first || !(push.omitted > 0) || push.entries.length === 0) return;
  const places = push.entries
    .map((row) => placeOf(order, pushedPersonTickets(row), pushedFirstEntryId(row)))
    .sort((a, b) => (ranksAbove(a, b) ? -1 : ranksAbove(b, a) ? 1 : 0));
  const boundary = places[Math.min(RAFFLE_ENTRIES_PAGE, places.length) - 1]!;
  const people = loadedParticipants(pages.pages);
  const kept = people.filter((person) => ranksAtLeast(personPlace(order, person), boundary));
  if (kept.length === people.length && pages.pages.length === 1) return;
  const last = kept.at(-1);
  first.data = kept;
  first.cursor = {
    ...first.cursor,
    next: last
      ? cursorOf(order, last.tickets, firstEntryOf(last))
      : cursorOf(order, boundary[0], order === 'newest' ? boundary[0] : -boundary[1]),
  };
  pages.pages = [first];
  pages.pageParams = pages.pageParams.slice(0, 1);
}

/** The rows of a raffle:entries push; pushes carry no time, so they count as arriving now. */
export function pushedRows(push: RaffleEntriesPush): ShownEntry[] {
  const receivedAt = new Date().toISOString();
  return push.entries.map((row) => ({
    entry: fromRaffleEntryPush(row, receivedAt),
    firstEntryId: pushedFirstEntryId(row),
    personTickets: pushedPersonTickets(row),
  }));
}

/**
 * The person's chance to be drawn first, as a percentage with 2 decimals, counting subscriber luck as the v2 draw does:
 * their weight (tickets × multiplier) over the raffle's total weight. Tickets that arrived by push since the list was
 * read count ×1 until it is read again (a push does not say whose luck they carry).
 */
export function winChance(
  person: Pick<RaffleParticipant, 'tickets' | 'multiplier'>,
  totalEntries: number,
  weights: RaffleWeights | undefined,
): string {
  const weight = person.tickets * (person.multiplier ?? 1);
  const total = Math.max(weight, (weights?.total_weight ?? 0) + Math.max(0, totalEntries - (weights?.total_tickets ?? 0)));
  if (total <= 0) return '0.00%';
  return `${((weight / total) * 100).toFixed(2)}%`;
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
