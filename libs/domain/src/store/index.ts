export * from './store.errors';
export * from './store-catalog.service';
export * from './store-redemption.service';
export * from './redemption-fulfilment.service';
export * from './admin-store.service';
export * from './store.module';
export * from './store.seed';
