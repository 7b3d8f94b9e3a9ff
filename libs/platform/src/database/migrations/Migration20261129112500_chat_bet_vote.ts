import { Migration } from '@mikro-orm/migrations';

/** `!bet` (contests) and `!vote` (polls) are chat commands now: a join keyword of either would never be read as one. */
export class Migration20261129112500_chat_bet_vote extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update activity_settings set join_keyword = 'join' where join_keyword in ('bet', 'vote');`);
    this.addSql(`alter table activity_settings drop constraint activity_settings_join_keyword_check,
      add constraint activity_settings_join_keyword_check check (join_keyword ~ '^[a-z0-9]{1,20}$' and join_keyword not in ('points', 'raffle', 'sr', 'bet', 'vote'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table activity_settings drop constraint activity_settings_join_keyword_check,
      add constraint activity_settings_join_keyword_check check (join_keyword ~ '^[a-z0-9]{1,20}$' and join_keyword not in ('points', 'raffle', 'sr'));`);
  }
}
