import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MySlotRequest, SlotRequestEntry, SlotRequestRules, SlotRequestSettings } from '@kickback/contracts';

/** The queue's order: most requesters first, then the oldest; a merge moves a request up by its new requesters. */
const QUEUE_ORDER = 'r.requesters_count desc, r.created_at, r.id';

const ENTRY_SQL = `
  select r.id, row_number() over (order by ${QUEUE_ORDER})::int as place, r.requesters_count, r.created_at,
    s.id as slot_id, s.name as slot_name, s.image_url, p.name as provider_name,
    (select coalesce(json_agg(coalesce(u.kick_username, u.username) order by q.created_at), '[]')
     from slot_request_requesters q join users u on u.id = q.user_id where q.request_id = r.id) as requesters
  from slot_requests r join slots s on s.id = r.slot_id join slot_providers p on p.id = s.provider_id
  where r.status = 'queued'`;

interface EntryRow {
  id: number;
  place: number;
  requesters_count: number;
  created_at: Date;
  slot_id: number;
  slot_name: string;
  image_url: string | null;
  provider_name: string;
  requesters: string[];
}

const toEntry = (r: EntryRow): SlotRequestEntry => ({
  id: r.id,
  place: r.place,
  slot: { id: r.slot_id, name: r.slot_name, provider: r.provider_name, image_url: r.image_url },
  requesters: r.requesters,
  requesters_count: r.requesters_count,
  created_at: new Date(r.created_at).toISOString(),
});

@Injectable()
export class SlotRequestsRepository {
  async settings(em: EntityManager): Promise<SlotRequestSettings> {
    const [row] = await em.execute<SlotRequestSettings[]>(
      'select open, price, cooldown_seconds, open_limit, blocked_slot_ids, blocked_provider_ids from slot_request_settings where id = 1',
    );
    return row!;
  }

  async updateSettings(em: EntityManager, changes: Partial<SlotRequestSettings>): Promise<void> {
    const keys = Object.keys(changes) as (keyof SlotRequestSettings)[];
    if (!keys.length) return;
    await em.execute(`update slot_request_settings set ${keys.map((k) => `${k} = ?`).join(', ')}, updated_at = now() where id = 1`, [
      ...keys.map((k) => {
        const value = changes[k];
        return Array.isArray(value) ? `{${value.join(',')}}` : value;
      }),
    ]);
  }

  /** The names behind the blocklists' ids, in name order, for the rules form. */
  async blockedNames(
    em: EntityManager,
    slotIds: number[],
    providerIds: number[],
  ): Promise<Pick<SlotRequestRules, 'blocked_slots' | 'blocked_providers'>> {
    const blocked_slots = await em.execute<SlotRequestRules['blocked_slots']>(
      `select s.id, s.name, p.name as provider from slots s join slot_providers p on p.id = s.provider_id
       where s.id = any(?::int[]) order by lower(s.name), s.id`,
      [`{${slotIds.join(',')}}`],
    );
    const blocked_providers = await em.execute<SlotRequestRules['blocked_providers']>(
      'select id, name from slot_providers where id = any(?::int[]) order by lower(name), id',
      [`{${providerIds.join(',')}}`],
    );
    return { blocked_slots, blocked_providers };
  }

  /** One member's requests are decided one at a time: cooldown and open limit read what the previous one wrote. */
  async lockMember(em: EntityManager, userId: number): Promise<void> {
    await em.execute(`select pg_advisory_xact_lock(hashtext('slot-request-member'), ?::int)`, [userId]);
  }

  async slotProvider(em: EntityManager, slotId: number): Promise<number | null> {
    const [row] = await em.execute<{ provider_id: number }[]>('select provider_id from slots where id = ?', [slotId]);
    return row?.provider_id ?? null;
  }

  /**
   * Seconds since the member's last request, and how many of theirs are queued. Measured on the clock, not the
   * transaction's start: a request that waited for the member's lock started before the one it waited for was stored.
   */
  async memberState(em: EntityManager, userId: number): Promise<{ since: number | null; open: number }> {
    const [row] = await em.execute<{ since: number | null; open: number }[]>(
      `select extract(epoch from clock_timestamp() - max(q.created_at))::float8 as since,
         count(*) filter (where r.status = 'queued')::int as open
       from slot_request_requesters q join slot_requests r on r.id = q.request_id where q.user_id = ?`,
      [userId],
    );
    return row!;
  }

  /** The slot's queued request, created if there is none; its row stays locked until the transaction ends. */
  async queuedFor(em: EntityManager, slotId: number): Promise<{ id: number; created: boolean }> {
    const [row] = await em.execute<{ id: number; created: boolean }[]>(
      `insert into slot_requests (slot_id) values (?)
       on conflict (slot_id) where status = 'queued' do update set requesters_count = slot_requests.requesters_count
       returning id, (xmax = 0) as created`,
      [slotId],
    );
    return row!;
  }

  /** Adds the member to the request; false when they are on it already. */
  async addRequester(em: EntityManager, requestId: number, userId: number, source: 'site' | 'chat', points: number): Promise<boolean> {
    const added = await em.execute<{ user_id: number }[]>(
      `insert into slot_request_requesters (request_id, user_id, source, points) values (?, ?, ?, ?)
       on conflict do nothing returning user_id`,
      [requestId, userId, source, points],
    );
    if (!added.length) return false;
    await em.execute('update slot_requests set requesters_count = requesters_count + 1 where id = ?', [requestId]);
    return true;
  }

  /**
   * The catalogue's closest names to what chat typed: letters and digits only, without case ("gates olympus" finds
   * "Gates of Olympus" through its words), an exact name first, then names starting with it, then containing it.
   */
  async closest(
    em: EntityManager,
    typed: string,
    limit: number,
  ): Promise<{ id: number; name: string; provider: string; exact: boolean }[]> {
    const words = typed.toLowerCase().match(/[a-z0-9]+/g) ?? [];
    if (!words.length) return [];
    const key = words.join('');
    const pattern = `%${words.join('%')}%`;
    return em.execute(
      `select s.id, s.name, p.name as provider, m.key = ? as exact
       from slots s join slot_providers p on p.id = s.provider_id
       cross join lateral (select regexp_replace(lower(s.name), '[^a-z0-9]+', '', 'g') as key) m
       where m.key like ? or lower(s.name) like ?
       order by m.key = ? desc, m.key like ? desc, length(s.name), lower(s.name), s.id limit ?`,
      [key, `%${key}%`, pattern, key, `${key}%`, limit],
    );
  }

  async queue(em: EntityManager, limit: number): Promise<SlotRequestEntry[]> {
    return (await em.execute<EntryRow[]>(`${ENTRY_SQL} order by ${QUEUE_ORDER} limit ?`, [limit])).map(toEntry);
  }

  async queuedCount(em: EntityManager): Promise<number> {
    const [row] = await em.execute<{ n: number }[]>(`select count(*)::int as n from slot_requests where status = 'queued'`);
    return row!.n;
  }

  async entry(em: EntityManager, requestId: number): Promise<SlotRequestEntry | null> {
    const [row] = await em.execute<EntryRow[]>(`select * from (${ENTRY_SQL}) e where e.id = ?`, [requestId]);
    return row ? toEntry(row) : null;
  }

  /** Closes queued requests (one, or all when `requestId` is null) and answers the requesters still to be refunded. */
  async close(
    em: EntityManager,
    requestId: number | null,
    status: 'played' | 'skipped' | 'cleared',
    result: { bet?: number; win?: number } = {},
  ): Promise<{ closed: number; slotIds: number[]; refunds: { request_id: number; user_id: number; points: number }[] }> {
    const closed = await em.execute<{ id: number; slot_id: number }[]>(
      `update slot_requests set status = ?, closed_at = now(), bet = ?, win = ?
       where status = 'queued' and (?::int is null or id = ?) returning id, slot_id`,
      [status, result.bet ?? null, result.win ?? null, requestId, requestId],
    );
    // A played request keeps what its requesters paid; a skipped or cleared one gives it back.
    const slotIds = closed.map((c) => c.slot_id);
    if (!closed.length || status === 'played') return { closed: closed.length, slotIds, refunds: [] };
    const refunds = await em.execute<{ request_id: number; user_id: number; points: number }[]>(
      `select request_id, user_id, points from slot_request_requesters
       where request_id in (select jsonb_array_elements_text(?::jsonb)::int) and refunded_at is null and points > 0`,
      [JSON.stringify(closed.map((c) => c.id))],
    );
    return { closed: closed.length, slotIds, refunds };
  }

  async markRefunded(em: EntityManager, requestId: number, userId: number): Promise<void> {
    await em.execute('update slot_request_requesters set refunded_at = now() where request_id = ? and user_id = ?', [requestId, userId]);
  }

  async pointsToRefund(em: EntityManager): Promise<{ requests: number; points: number }> {
    const [row] = await em.execute<{ requests: number; points: number }[]>(
      `select count(distinct r.id)::int as requests, coalesce(sum(q.points), 0)::int as points
       from slot_requests r left join slot_request_requesters q on q.request_id = r.id and q.refunded_at is null
       where r.status = 'queued'`,
    );
    return row!;
  }

  async mine(em: EntityManager, userId: number, limit: number): Promise<MySlotRequest[]> {
    const rows = await em.execute<
      (Omit<MySlotRequest, 'slot' | 'requested_at'> & { slot_id: number; slot_name: string; provider: string; requested_at: Date })[]
    >(
      `select q.request_id, r.status, q.points, (q.refunded_at is not null) as refunded, q.created_at as requested_at,
         r.bet::float8 as bet, r.win::float8 as win,
         s.id as slot_id, s.name as slot_name, p.name as provider,
         (select e.place from (select id, row_number() over (order by ${QUEUE_ORDER})::int as place from slot_requests r where r.status = 'queued') e
          where e.id = q.request_id) as place
       from slot_request_requesters q join slot_requests r on r.id = q.request_id join slots s on s.id = r.slot_id
       join slot_providers p on p.id = s.provider_id
       where q.user_id = ? order by q.created_at desc limit ?`,
      [userId, limit],
    );
    return rows.map((r) => ({
      request_id: r.request_id,
      slot: { id: r.slot_id, name: r.slot_name, provider: r.provider },
      status: r.status,
      place: r.place,
      points: r.points,
      refunded: r.refunded,
      bet: r.bet,
      win: r.win,
      requested_at: new Date(r.requested_at).toISOString(),
    }));
  }
}
