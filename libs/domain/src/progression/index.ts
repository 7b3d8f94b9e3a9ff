export * from './progression.module';
export * from './progression.service';
export * from './progression-rank.service';
export * from './progression-rank.bootstrap';
export * from './progression-backfill.service';
export * from './admin-progression.service';
export * from './progression.seed';
export * from './xp-awards';
