import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  type AdminRedemptionList,
  type AdminRedemptionsQuery,
  type AdminStoreCode,
  type AdminStoreItem,
  type StoreCodesUploadResult,
  type StoreItemInput,
  type StoreItemUpdate,
} from '@kickback/contracts';
import { AuditLogService, OutboxService, conflict, notFound, pagination, unprocessable, isoOrNull } from '@kickback/platform';
import { RedemptionFulfilmentService } from './redemption-fulfilment.service';
import { StoreRepository, type AdminItemRow } from './store.repository';
import { StoreCodesRepository } from './store-codes.repository';
import { storeCodesFrom } from './store-codes-text';
import { StoreRedemptionsRepository } from './store-redemptions.repository';

const toItem = (r: AdminItemRow): AdminStoreItem => ({
  ...r,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

/** Admin store management: items, code pools and the redemptions queue. Every change is audited. */
@Injectable()
export class AdminStoreService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditLogService,
    private readonly outbox: OutboxService,
    private readonly fulfilment: RedemptionFulfilmentService,
    private readonly items: StoreRepository,
    private readonly redemptions: StoreRedemptionsRepository,
    private readonly codes: StoreCodesRepository,
  ) {}

  /** Archives every sold-out item (audited): out of the store and the admin list, its redemptions kept. */
  async archiveSoldOut(actorId: number): Promise<number> {
    return this.em.fork().transactional(async (tx) => {
      const archived = await this.items.archiveSoldOut(tx);
      if (archived.length > 0)
        await this.audit.record(tx, { actorId, action: 'store.items.archive', entity: 'store_item', entityId: null, after: { archived } });
      return archived.length;
    });
  }

  archived(limit: number): Promise<{ id: number; title: string; archived_at: Date }[]> {
    return this.items.archived(this.em.fork(), limit);
  }

  /** Lists an archived item again (audited), inactive until the admin activates it. */
  async restoreArchived(actorId: number, id: number): Promise<{ id: number; title: string }> {
    return this.audit.audited({ actorId, action: 'store.item.unarchive', entity: 'store_item' }, async (tx) => {
      const row = await this.items.restore(tx, id);
      if (!row) throw notFound('This item is not archived.');
      return { entityId: id, before: { archived: true }, after: { archived: false }, answer: row };
    });
  }

  async listItems(): Promise<AdminStoreItem[]> {
    return (await this.items.adminItems(this.em.fork())).map(toItem);
  }

  async createItem(actorId: number, input: StoreItemInput): Promise<AdminStoreItem> {
    return this.audit.audited({ actorId, action: 'store.item.create', entity: 'store_item' }, async (tx) => {
      const id = await this.items.insertItem(tx, input);
      return { entityId: id, before: null, after: await this.itemIn(tx, id) };
    });
  }

  async updateItem(actorId: number, id: number, input: StoreItemUpdate): Promise<AdminStoreItem> {
    return this.audit.audited({ actorId, action: 'store.item.update', entity: 'store_item' }, async (tx) => {
      const before = await this.itemIn(tx, id, 'for no key update');
      await this.items.updateItem(tx, id, input);
      const after = await this.itemIn(tx, id);
      if (before.quantity !== after.quantity || before.is_active !== after.is_active) {
        await this.outbox.add(tx, 'store.item-changed', { itemId: id });
      }
      return { entityId: id, before, after };
    });
  }

  /** Items with redemptions are archived (history keeps its names); unused items are deleted. */
  async removeItem(actorId: number, id: number): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const before = await this.itemIn(tx, id, 'for update');
      const used = await this.items.hasRedemptions(tx, id);
      if (used) await this.items.archiveItem(tx, id);
      else await this.items.deleteItem(tx, id);
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
    await this.itemIn(em, itemId);
    return (await this.codes.list(em, itemId)).map((r) => ({
      id: Number(r.id),
      code: r.code,
      redemption_id: r.redemption_id ? Number(r.redemption_id) : null,
      assigned_at: isoOrNull(r.assigned_at),
      created_at: new Date(r.created_at).toISOString(),
    }));
  }

  async addCodes(actorId: number, itemId: number, text: string): Promise<StoreCodesUploadResult> {
    const codes = await storeCodesFrom(text);
    if (!codes.length) throw unprocessable('Paste at least one code.', { codes: ['Paste at least one code.'] });
    const tooLong = codes.find((c) => c.length > 200);
    if (tooLong) throw unprocessable('Codes must be at most 200 characters.', { codes: [`Too long: ${tooLong.slice(0, 40)}…`] });
    if (codes.length > 20_000) throw unprocessable('At most 20,000 codes at once.', { codes: ['At most 20,000 codes at once.'] });
    // The item row is not locked here: refunds lock redemption → item, and this locks redemptions.
    const result = await this.em.fork().transactional(async (tx) => {
      await this.itemIn(tx, itemId);
      // Pasted order = delivery order.
      const added = await this.codes.add(tx, itemId, codes);
      const fulfilled = await this.fulfilment.fulfilWaiting(tx, itemId);
      const available = await this.codes.freeCount(tx, itemId);
      // Codes themselves stay out of the audit log: they are prizes.
      await this.audit.record(tx, {
        actorId,
        action: 'store.codes.add',
        entity: 'store_item',
        entityId: itemId,
        after: { added, skipped: codes.length - added, fulfilled },
      });
      return { added, skipped: codes.length - added, fulfilled, codes_available: available };
    });
    return result;
  }

  async removeCode(actorId: number, itemId: number, codeId: number): Promise<void> {
    await this.audit.audited({ actorId, action: 'store.codes.remove', entity: 'store_item' }, async (tx) => {
      const row = await this.codes.lock(tx, itemId, codeId);
      if (!row) throw notFound('Code not found.');
      if (row.redemption_id) throw conflict('This code was already delivered and cannot be removed.');
      await this.codes.remove(tx, codeId);
      return { entityId: itemId, before: { code_id: codeId } };
    });
  }

  /** Pending first (oldest first, the order to work through), then the rest newest first. */
  async listRedemptions(query: AdminRedemptionsQuery, perPage = 25): Promise<AdminRedemptionList> {
    const em = this.em.fork();
    const status = query.status === 'all' ? null : query.status;
    const total = await this.redemptions.adminCount(em, status);
    const pending = await this.redemptions.pendingCount(em);
    const rows = await this.redemptions.adminPage(em, status, perPage, (query.page - 1) * perPage);
    return {
      data: rows.map((r) => ({
        id: Number(r.id),
        status: r.status,
        cost: r.cost,
        item: { id: r.item_id, name: r.item_name, fulfilment: r.fulfilment },
        user: { id: r.user_id, username: r.username, kick_username: r.kick_username },
        code: r.code,
        created_at: new Date(r.created_at).toISOString(),
        processed_at: isoOrNull(r.processed_at),
        processed_by: r.processed_by,
      })),
      pagination: pagination(query.page, perPage, total),
      pending_total: pending,
    };
  }

  private async itemIn(em: EntityManager, id: number, lock: '' | 'for no key update' | 'for update' = ''): Promise<AdminStoreItem> {
    const row = await this.items.adminItem(em, id, lock);
    if (!row) throw notFound('Item not found.');
    return toItem(row);
  }
}
