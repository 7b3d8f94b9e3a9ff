import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000_foundation } from './Migration20261122000000_foundation';
import { Migration20261122010000_economy } from './Migration20261122010000_economy';
import { Migration20261122020000_store } from './Migration20261122020000_store';
import { Migration20261122030000_raffles } from './Migration20261122030000_raffles';
import { Migration20261122040000_hunts } from './Migration20261122040000_hunts';
import { Migration20261122050000_leaderboard } from './Migration20261122050000_leaderboard';
import { Migration20261122060000_contact } from './Migration20261122060000_contact';
import { Migration20261122070000_tickets } from './Migration20261122070000_tickets';
import { Migration20261122080000_tournaments } from './Migration20261122080000_tournaments';
import { Migration20261124000000_site_powered_by } from './Migration20261124000000_site_powered_by';
import { Migration20261124100000_progression_social } from './Migration20261124100000_progression_social';
import { Migration20261124130000_raffle_counters } from './Migration20261124130000_raffle_counters';
import { Migration20261124110000_activity } from './Migration20261124110000_activity';
import { Migration20261124120000_prize_winners } from './Migration20261124120000_prize_winners';
import { Migration20261124120001_overlay_tokens } from './Migration20261124120001_overlay_tokens';
import { Migration20261124150000_user_bans } from './Migration20261124150000_user_bans';
import { Migration20261124210000_name_search } from './Migration20261124210000_name_search';
import { Migration20261125000000_xp_source_counts } from './Migration20261125000000_xp_source_counts';
import { Migration20261125100000_drop_xp_ledger_user_source } from './Migration20261125100000_drop_xp_ledger_user_source';
import { Migration20261127130000_outbox_notify } from './Migration20261127130000_outbox_notify';
import { Migration20261127120000_kick_connection } from './Migration20261127120000_kick_connection';

/** Listed explicitly so the same list works from TypeScript (tests) and compiled JS. Append only. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122000000_foundation', class: Migration20261122000000_foundation },
  { name: 'Migration20261122010000_economy', class: Migration20261122010000_economy },
  { name: 'Migration20261122020000_store', class: Migration20261122020000_store },
  { name: 'Migration20261122030000_raffles', class: Migration20261122030000_raffles },
  { name: 'Migration20261122040000_hunts', class: Migration20261122040000_hunts },
  { name: 'Migration20261122050000_leaderboard', class: Migration20261122050000_leaderboard },
  { name: 'Migration20261122060000_contact', class: Migration20261122060000_contact },
  { name: 'Migration20261122070000_tickets', class: Migration20261122070000_tickets },
  { name: 'Migration20261122080000_tournaments', class: Migration20261122080000_tournaments },
  { name: 'Migration20261124000000_site_powered_by', class: Migration20261124000000_site_powered_by },
  { name: 'Migration20261124100000_progression_social', class: Migration20261124100000_progression_social },
  { name: 'Migration20261124130000_raffle_counters', class: Migration20261124130000_raffle_counters },
  { name: 'Migration20261124110000_activity', class: Migration20261124110000_activity },
  { name: 'Migration20261124120000_prize_winners', class: Migration20261124120000_prize_winners },
  { name: 'Migration20261124120001_overlay_tokens', class: Migration20261124120001_overlay_tokens },
  { name: 'Migration20261124150000_user_bans', class: Migration20261124150000_user_bans },
  { name: 'Migration20261124210000_name_search', class: Migration20261124210000_name_search },
  { name: 'Migration20261125000000_xp_source_counts', class: Migration20261125000000_xp_source_counts },
  { name: 'Migration20261125100000_drop_xp_ledger_user_source', class: Migration20261125100000_drop_xp_ledger_user_source },
  { name: 'Migration20261127130000_outbox_notify', class: Migration20261127130000_outbox_notify },
  { name: 'Migration20261127120000_kick_connection', class: Migration20261127120000_kick_connection },
];
