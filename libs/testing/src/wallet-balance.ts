import type { EntityManager } from '@mikro-orm/postgresql';

/** A member's points as their wallet row holds them; 0 for a member who never had a wallet. */
export async function walletBalance(em: EntityManager, userId: number): Promise<number> {
  const [row] = await em
    .fork()
    .execute<{ balance: string }[]>('select coalesce((select balance from wallets where user_id = ?), 0)::text as balance', [userId]);
  return Number(row!.balance);
}
