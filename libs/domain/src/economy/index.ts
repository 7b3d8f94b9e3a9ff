export * from './economy.service';
export * from './points.errors';
export * from './admin-points.service';
export * from './economy.module';
