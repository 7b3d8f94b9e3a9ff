import { Migration } from '@mikro-orm/migrations';

/**
 * The index on xp_ledger (user_id, source) served the achievement and badge rules, which counted a member's awards by
 * source from the ledger. They read member_xp_sources since 20261125000000, so the index only cost every award an
 * insert. The admin's ledger page keeps xp_ledger_user (user_id, id desc).
 */
export class Migration20261125100000_drop_xp_ledger_user_source extends Migration {
  override async up(): Promise<void> {
    this.addSql('drop index if exists xp_ledger_user_source;');
  }

  override async down(): Promise<void> {
    this.addSql('create index if not exists xp_ledger_user_source on xp_ledger (user_id, source);');
  }
}
