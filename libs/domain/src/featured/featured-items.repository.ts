import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FeaturedKind } from '@kickback/contracts';

/** The stored on-stream choice, one featured_items row per kind. */
@Injectable()
export class FeaturedItemsRepository {
  /** The kind's current choice, its row locked until the transaction ends; null when none is stored. */
  async lockChoice(em: EntityManager, kind: FeaturedKind): Promise<number | null> {
    const [row] = await em.execute<{ item_id: number }[]>('select item_id from featured_items where kind = ? for update', [kind]);
    return row?.item_id ?? null;
  }

  async choose(em: EntityManager, kind: FeaturedKind, itemId: number): Promise<void> {
    await em.execute(
      `insert into featured_items (kind, item_id) values (?, ?)
       on conflict (kind) do update set item_id = excluded.item_id, updated_at = now()`,
      [kind, itemId],
    );
  }
}
