import { Migration } from '@mikro-orm/migrations';

/**
 * A period's standings are two arrays of up to hundreds of thousands of elements, rewritten whole at every refresh and
 * read a slice at a time: stored out of line without compression, a refresh no longer spends a second compressing
 * them and a read of the top ranks no longer decompresses the whole array first.
 */
export class Migration20261128130000_standings_uncompressed extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table leaderboard_standings alter column usernames set storage external, alter column wagered set storage external;',
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      'alter table leaderboard_standings alter column usernames set storage extended, alter column wagered set storage extended;',
    );
  }
}
