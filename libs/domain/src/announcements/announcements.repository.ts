import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  Announcement,
  AnnouncementDelivery,
  AnnouncementDeliveryStatus,
  AnnouncementEvent,
  AnnouncementHookKind,
} from '@kickback/contracts';

export interface HookRow {
  id: number;
  kind: AnnouncementHookKind;
  name: string;
  url_sealed: string;
  url_display: string;
  secret_sealed: string | null;
  events: AnnouncementEvent[];
  enabled: boolean;
  created_at: Date;
}

export interface DeliveryRow {
  id: string;
  hook_id: number;
  event: AnnouncementDelivery['event'];
  payload: Announcement;
  status: AnnouncementDeliveryStatus;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: Date;
  delivered_at: Date | null;
}

export interface NewHook {
  kind: AnnouncementHookKind;
  name: string;
  urlSealed: string;
  urlDisplay: string;
  secretSealed: string | null;
  events: AnnouncementEvent[];
}

/** What one attempt left: the status the delivery moves to, and what the far end answered. */
export interface AttemptOutcome {
  status: AnnouncementDeliveryStatus;
  httpStatus: number | null;
  error: string | null;
}

const HOOK_COLUMNS = 'id, kind, name, url_sealed, url_display, secret_sealed, events, enabled, created_at';

/** Announcement hooks and their delivery log (tables announcement_hooks, announcement_deliveries). */
@Injectable()
export class AnnouncementsRepository {
  list(em: EntityManager): Promise<HookRow[]> {
    return em.execute<HookRow[]>(`select ${HOOK_COLUMNS} from announcement_hooks order by id`);
  }

  async get(em: EntityManager, id: number, lock = false): Promise<HookRow | null> {
    const rows = await em.execute<HookRow[]>(`select ${HOOK_COLUMNS} from announcement_hooks where id = ?${lock ? ' for update' : ''}`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  async insert(em: EntityManager, hook: NewHook): Promise<HookRow> {
    const [row] = await em.execute<HookRow[]>(
      `insert into announcement_hooks (kind, name, url_sealed, url_display, secret_sealed, events)
       values (?, ?, ?, ?, ?, ?::text[]) returning ${HOOK_COLUMNS}`,
      [hook.kind, hook.name, hook.urlSealed, hook.urlDisplay, hook.secretSealed, textArray(hook.events)],
    );
    return row!;
  }

  async update(
    em: EntityManager,
    id: number,
    change: { name: string; events: AnnouncementEvent[]; enabled: boolean },
  ): Promise<HookRow | null> {
    const rows = await em.execute<HookRow[]>(
      `update announcement_hooks set name = ?, events = ?::text[], enabled = ?, updated_at = now() where id = ? returning ${HOOK_COLUMNS}`,
      [change.name, textArray(change.events), change.enabled, id],
    );
    return rows[0] ?? null;
  }

  async remove(em: EntityManager, id: number): Promise<HookRow | null> {
    const rows = await em.execute<HookRow[]>(`delete from announcement_hooks where id = ? returning ${HOOK_COLUMNS}`, [id]);
    return rows[0] ?? null;
  }

  /**
   * One delivery per enabled hook that picked the event (or the one hook given), skipping hooks that already have
   * this source key: a redelivered event or a repeated fan-out adds nothing. Answers the ids written.
   */
  async fanOut(em: EntityManager, sourceKey: string, announcement: Announcement, onlyHookId?: number): Promise<number[]> {
    const rows = await em.execute<{ id: string }[]>(
      `insert into announcement_deliveries (hook_id, source_key, event, payload)
       select h.id, ?, ?, ?::jsonb from announcement_hooks h
       where ${onlyHookId === undefined ? 'h.enabled and ? = any(h.events)' : 'h.id = ?'}
       on conflict (hook_id, source_key) do nothing
       returning id`,
      [sourceKey, announcement.event, JSON.stringify(announcement), onlyHookId ?? announcement.event],
    );
    return rows.map((r) => Number(r.id));
  }

  async delivery(em: EntityManager, id: number): Promise<DeliveryRow | null> {
    const rows = await em.execute<DeliveryRow[]>('select * from announcement_deliveries where id = ?', [id]);
    return rows[0] ?? null;
  }

  async deliveries(em: EntityManager, hookId: number, limit: number): Promise<DeliveryRow[]> {
    return em.execute<DeliveryRow[]>('select * from announcement_deliveries where hook_id = ? order by id desc limit ?', [hookId, limit]);
  }

  /** Counts the attempt and records its outcome; a delivery already delivered or failed is left as it is. */
  async recordAttempt(em: EntityManager, id: number, outcome: AttemptOutcome): Promise<void> {
    await em.execute(
      `update announcement_deliveries set attempts = attempts + 1, status = ?, last_status = ?, last_error = ?,
         delivered_at = case when ? = 'delivered' then now() else delivered_at end
       where id = ? and status in ('pending', 'retrying')`,
      [outcome.status, outcome.httpStatus, outcome.error?.slice(0, 300) ?? null, outcome.status, id],
    );
  }

  /** Every hook's sealed URL and secret, locked, for re-sealing under a new key. */
  lockSealed(em: EntityManager): Promise<Pick<HookRow, 'id' | 'url_sealed' | 'secret_sealed'>[]> {
    return em.execute('select id, url_sealed, secret_sealed from announcement_hooks order by id for update');
  }

  async setSealed(em: EntityManager, id: number, urlSealed: string, secretSealed: string | null): Promise<void> {
    await em.execute('update announcement_hooks set url_sealed = ?, secret_sealed = ? where id = ?', [urlSealed, secretSealed, id]);
  }
}

/** A PostgreSQL text[] literal of known identifiers (event names: letters, dots and dashes only). */
function textArray(values: readonly string[]): string {
  return `{${values.join(',')}}`;
}
