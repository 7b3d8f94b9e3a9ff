import { Migration } from '@mikro-orm/migrations';

/**
 * Name searches are substring matches (`ilike '%…%'`: raffle entrants, friends, the admin's member list). Trigram
 * indexes let PostgreSQL find the matching members without reading every one of them. pg_trgm is a trusted
 * extension: a database owner may create it without being a superuser.
 */
export class Migration20261124210000_name_search extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql('create index users_username_trgm on users using gin (username gin_trgm_ops);');
    this.addSql('create index users_kick_username_trgm on users using gin (kick_username gin_trgm_ops);');
    this.addSql('create index users_name_trgm on users using gin (name gin_trgm_ops);');
  }
}
