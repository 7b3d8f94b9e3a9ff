import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The demo streamer's payout history: prizes decided over a week ago were paid two days after, each with a demo
 * transfer reference as its proof, so Payouts, My Prizes and "Total Given Away" show a paid past beside the newer
 * prizes still waiting in the queue. Only waiting payouts are touched, so running it again changes nothing.
 */
export async function seedPayouts(em: EntityManager): Promise<void> {
  await em.execute(
    `update payouts set status = 'paid', proof_reference = 'demo-transfer-' || id,
            status_changed_at = created_at + interval '2 days', paid_at = created_at + interval '2 days'
      where status = 'waiting_approval' and created_at < now() - interval '7 days'`,
  );
}
