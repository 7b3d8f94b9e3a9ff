import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  parseStoreCodes,
  type AdminRedemption,
  type AdminRedemptionList,
  type AdminRedemptionsQuery,
  type AdminStoreCode,
  type AdminStoreItem,
  type StoreCodesUploadResult,
  type StoreItemInput,
  type StoreItemUpdate,
} from '@kickback/contracts';
import { AuditLogService, OutboxService, conflict, notFound, pagination, unprocessable } from '@kickback/platform';
import { GiveawaysService } from '../site/giveaways.service';
import { RedemptionFulfilmentService } from './redemption-fulfilment.service';

const ITEM_SELECT = `
  select i.id, i.name, i.description, i.image_url, i.cost, i.quantity, i.max_purchases_per_user, i.category, i.is_active,
         i.fulfilment, i.value_usd::text as value_usd, i.created_at, i.updated_at,
         (select count(*) from store_redemptions r where r.item_id = i.id and r.status <> 'refunded')::int as redemptions_count,
         (select count(*) from store_redemptions r where r.item_id = i.id and r.status = 'pending')::int as pending_count,
         (select count(*) from store_codes c where c.item_id = i.id and c.redemption_id is null)::int as codes_available,
         (select count(*) from store_codes c where c.item_id = i.id)::int as codes_total
  from store_items i`;

type ItemRow = Omit<AdminStoreItem, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };

const toItem = (r: ItemRow): AdminStoreItem => ({
  ...r,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

const COLUMNS: Record<keyof StoreItemInput, string> = {
  name: 'name',
  description: 'description',
  image_url: 'image_url',
  cost: 'cost',
  quantity: 'quantity',
  max_purchases_per_user: 'max_purchases_per_user',
  category: 'category',
  is_active: 'is_active',
  fulfilment: 'fulfilment',
  value_usd: 'value_usd',
};

/** Admin store management: items, code pools and the redemptions queue. Every change is audited. */
@Injectable()
export class AdminStoreService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditLogService,
    private readonly outbox: OutboxService,
    private readonly fulfilment: RedemptionFulfilmentService,
    private readonly giveaways: GiveawaysService,
  ) {}

  async listItems(): Promise<AdminStoreItem[]> {
    const rows = await this.em
      .fork()
      .execute<ItemRow[]>(`${ITEM_SELECT} where i.archived_at is null order by i.is_active desc, i.cost asc, i.id asc`);
    return rows.map(toItem);
  }

  async createItem(actorId: number, input: StoreItemInput): Promise<AdminStoreItem> {
    return this.em.fork().transactional(async (tx) => {
      const keys = Object.keys(COLUMNS) as (keyof StoreItemInput)[];
      const [{ id }] = await tx.execute<{ id: number }[]>(
        `insert into store_items (${keys.map((k) => COLUMNS[k]).join(', ')}) values (${keys.map(() => '?').join(', ')}) returning id`,
        keys.map((k) => input[k]),
      );
      const item = await this.itemIn(tx, id);
      await this.audit.record(tx, { actorId, action: 'store.item.create', entity: 'store_item', entityId: id, before: null, after: item });
      return item;
    });
  }

  async updateItem(actorId: number, id: number, input: StoreItemUpdate): Promise<AdminStoreItem> {
    return this.em.fork().transactional(async (tx) => {
      const before = await this.itemIn(tx, id, true);
      const keys = (Object.keys(input) as (keyof StoreItemInput)[]).filter((k) => input[k] !== undefined);
      if (keys.length) {
        await tx.execute(`update store_items set ${keys.map((k) => `${COLUMNS[k]} = ?`).join(', ')}, updated_at = now() where id = ?`, [
          ...keys.map((k) => input[k]),
          id,
        ]);
      }
      const after = await this.itemIn(tx, id);
      await this.audit.record(tx, { actorId, action: 'store.item.update', entity: 'store_item', entityId: id, before, after });
      if (before.quantity !== after.quantity || before.is_active !== after.is_active) {
        await this.outbox.add(tx, 'store.item-changed', { itemId: id });
      }
      return after;
    });
  }

  /** Items with redemptions are archived (history keeps its names); unused items are deleted. */
  async removeItem(actorId: number, id: number): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const before = await this.itemIn(tx, id, true);
      const [{ used }] = await tx.execute<{ used: boolean }[]>(
        'select exists (select 1 from store_redemptions where item_id = ?) as used',
        [id],
      );
      if (used) await tx.execute('update store_items set archived_at = now(), is_active = false, updated_at = now() where id = ?', [id]);
      else await tx.execute('delete from store_items where id = ?', [id]);
      await this.audit.record(tx, {
        actorId,
        action: used ? 'store.item.archive' : 'store.item.delete',
        entity: 'store_item',
        entityId: id,
        before,
        after: null,
      });
    });
  }

  async listCodes(itemId: number): Promise<AdminStoreCode[]> {
    const em = this.em.fork();
    await this.itemIn(em, itemId, true);
    const rows = await em.execute<{ id: string; code: string; redemption_id: string | null; assigned_at: Date | null; created_at: Date }[]>(
      'select id::text as id, code, redemption_id::text as redemption_id, assigned_at, created_at from store_codes where item_id = ? order by redemption_id is not null, id limit 2000',
      [itemId],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      code: r.code,
      redemption_id: r.redemption_id ? Number(r.redemption_id) : null,
      assigned_at: r.assigned_at ? new Date(r.assigned_at).toISOString() : null,
      created_at: new Date(r.created_at).toISOString(),
    }));
  }

  async addCodes(actorId: number, itemId: number, text: string): Promise<StoreCodesUploadResult> {
    const codes = parseStoreCodes(text);
    if (!codes.length) throw unprocessable('Paste at least one code.', { codes: ['Paste at least one code.'] });
    const tooLong = codes.find((c) => c.length > 200);
    if (tooLong) throw unprocessable('Codes must be at most 200 characters.', { codes: [`Too long: ${tooLong.slice(0, 40)}…`] });
    if (codes.length > 20_000) throw unprocessable('At most 20,000 codes at once.', { codes: ['At most 20,000 codes at once.'] });
    // The item row is not locked here: refunds lock redemption → item, and this locks redemptions.
    const result = await this.em.fork().transactional(async (tx) => {
      await this.itemIn(tx, itemId);
      const inserted = await tx.execute<{ id: string }[]>(
        `insert into store_codes (item_id, code) select ?, t.code from jsonb_array_elements_text(?::jsonb) with ordinality as t(code, n) order by t.n
         on conflict (item_id, code) do nothing returning id::text as id`,
        // A JSON array (the driver would spread a JS array into separate parameters); pasted order = delivery order.
        [itemId, JSON.stringify(codes)],
      );
      const fulfilled = await this.fulfilment.fulfilWaiting(tx, itemId);
      const [{ n }] = await tx.execute<{ n: number }[]>(
        'select count(*)::int as n from store_codes where item_id = ? and redemption_id is null',
        [itemId],
      );
      // Codes themselves stay out of the audit log: they are prizes.
      await this.audit.record(tx, {
        actorId,
        action: 'store.codes.add',
        entity: 'store_item',
        entityId: itemId,
        after: { added: inserted.length, skipped: codes.length - inserted.length, fulfilled },
      });
      return { added: inserted.length, skipped: codes.length - inserted.length, fulfilled, codes_available: n };
    });
    if (result.fulfilled) await this.giveaways.invalidate();
    return result;
  }

  async removeCode(actorId: number, itemId: number, codeId: number): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const [row] = await tx.execute<{ redemption_id: string | null }[]>(
        'select redemption_id::text as redemption_id from store_codes where id = ? and item_id = ? for update',
        [codeId, itemId],
      );
      if (!row) throw notFound('Code not found.');
      if (row.redemption_id) throw conflict('This code was already delivered and cannot be removed.');
      await tx.execute('delete from store_codes where id = ?', [codeId]);
      await this.audit.record(tx, {
        actorId,
        action: 'store.codes.remove',
        entity: 'store_item',
        entityId: itemId,
        before: { code_id: codeId },
      });
    });
  }

  /** Pending first (oldest first, the order to work through), then the rest newest first. */
  async listRedemptions(query: AdminRedemptionsQuery, perPage = 25): Promise<AdminRedemptionList> {
    const em = this.em.fork();
    const where = query.status === 'all' ? '' : 'where r.status = ?';
    const params = query.status === 'all' ? [] : [query.status];
    const [{ total }] = await em.execute<{ total: number }[]>(`select count(*)::int as total from store_redemptions r ${where}`, params);
    const [{ pending }] = await em.execute<{ pending: number }[]>(
      `select count(*)::int as pending from store_redemptions where status = 'pending'`,
    );
    const rows = await em.execute<
      {
        id: string;
        status: AdminRedemption['status'];
        cost: number;
        item_id: number;
        item_name: string;
        fulfilment: AdminRedemption['item']['fulfilment'];
        user_id: number;
        username: string;
        kick_username: string | null;
        code: string | null;
        created_at: Date;
        processed_at: Date | null;
        processed_by: string | null;
      }[]
    >(
      `select r.id::text as id, r.status, r.cost, i.id as item_id, i.name as item_name, i.fulfilment, u.id as user_id, u.username, u.kick_username,
              c.code, r.created_at, coalesce(r.processed_at, r.refunded_at) as processed_at, a.username as processed_by
       from store_redemptions r
       join store_items i on i.id = r.item_id
       join users u on u.id = r.user_id
       left join users a on a.id = r.processed_by
       left join store_codes c on c.redemption_id = r.id
       ${where}
       order by (r.status = 'pending') desc, case when r.status = 'pending' then r.id end asc, r.id desc
       limit ? offset ?`,
      [...params, perPage, (query.page - 1) * perPage],
    );
    return {
      data: rows.map((r) => ({
        id: Number(r.id),
        status: r.status,
        cost: r.cost,
        item: { id: r.item_id, name: r.item_name, fulfilment: r.fulfilment },
        user: { id: r.user_id, username: r.username, kick_username: r.kick_username },
        code: r.code,
        created_at: new Date(r.created_at).toISOString(),
        processed_at: r.processed_at ? new Date(r.processed_at).toISOString() : null,
        processed_by: r.processed_by,
      })),
      pagination: pagination(query.page, perPage, total),
      pending_total: pending,
    };
  }

  private async itemIn(em: EntityManager, id: number, lock = false): Promise<AdminStoreItem> {
    const [row] = await em.execute<ItemRow[]>(`${ITEM_SELECT} where i.id = ? and i.archived_at is null${lock ? ' for update of i' : ''}`, [
      id,
    ]);
    if (!row) throw notFound('Item not found.');
    return toItem(row);
  }
}
