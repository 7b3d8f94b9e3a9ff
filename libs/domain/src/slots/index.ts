export * from './slot-catalogue-admin.service';
export * from './slots.module';
