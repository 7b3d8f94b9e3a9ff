import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminStoreCode } from '@kickback/contracts';

/** A code row as stored: bigint ids as text, timestamps as dates. */
export type CodeRow = Pick<AdminStoreCode, 'code'> & {
  id: string;
  redemption_id: string | null;
  assigned_at: Date | null;
  created_at: Date;
};

/** The code pools of code items: prizes, so nothing here is logged. */
@Injectable()
export class StoreCodesRepository {
  /** Free codes first, in delivery order; then the delivered ones. */
  async list(em: EntityManager, itemId: number): Promise<CodeRow[]> {
    return em.execute<CodeRow[]>(
      'select id::text as id, code, redemption_id::text as redemption_id, assigned_at, created_at from store_codes where item_id = ? order by redemption_id is not null, id limit 2000',
      [itemId],
    );
  }

  /** Adds the codes in the given order (= delivery order); codes the item already has are skipped. Returns how many were new. */
  async add(em: EntityManager, itemId: number, codes: string[]): Promise<number> {
    const inserted = await em.execute<{ id: string }[]>(
      `insert into store_codes (item_id, code) select ?, t.code from jsonb_array_elements_text(?::jsonb) with ordinality as t(code, n) order by t.n
       on conflict (item_id, code) do nothing returning id::text as id`,
      // A JSON array (the driver would spread a JS array into separate parameters).
      [itemId, JSON.stringify(codes)],
    );
    return inserted.length;
  }

  async freeCount(em: EntityManager, itemId: number): Promise<number> {
    const [{ n }] = await em.execute<{ n: number }[]>(
      'select count(*)::int as n from store_codes where item_id = ? and redemption_id is null',
      [itemId],
    );
    return n;
  }

  /** Locks one code of the item; undefined when there is none, otherwise the redemption it went to (null: free). */
  async lock(em: EntityManager, itemId: number, codeId: number): Promise<{ redemption_id: string | null } | undefined> {
    const [row] = await em.execute<{ redemption_id: string | null }[]>(
      'select redemption_id::text as redemption_id from store_codes where id = ? and item_id = ? for update',
      [codeId, itemId],
    );
    return row;
  }

  async remove(em: EntityManager, codeId: number): Promise<void> {
    await em.execute('delete from store_codes where id = ?', [codeId]);
  }

  async ofRedemption(em: EntityManager, redemptionId: string): Promise<string | null> {
    const [row] = await em.execute<{ code: string }[]>('select code from store_codes where redemption_id = ?', [redemptionId]);
    return row?.code ?? null;
  }

  /** Takes the oldest free code; SKIP LOCKED lets parallel fulfilments take different codes. */
  async claim(em: EntityManager, itemId: number, redemptionId: string): Promise<string | null> {
    const [claimed] = await em.execute<{ code: string }[]>(
      `update store_codes set redemption_id = ?, assigned_at = now()
       where id = (select id from store_codes where item_id = ? and redemption_id is null order by id limit 1 for update skip locked)
         and redemption_id is null
       returning code`,
      [redemptionId, itemId],
    );
    return claimed?.code ?? null;
  }
}
