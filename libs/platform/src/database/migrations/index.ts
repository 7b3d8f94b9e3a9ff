import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000_foundation } from './Migration20261122000000_foundation';
import { Migration20261122010000_economy } from './Migration20261122010000_economy';

/** Listed explicitly so the same list works from TypeScript (tests) and compiled JS. Append only. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122000000_foundation', class: Migration20261122000000_foundation },
  { name: 'Migration20261122010000_economy', class: Migration20261122010000_economy },
];
