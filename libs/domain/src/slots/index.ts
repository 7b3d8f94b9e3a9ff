export * from './slot-catalogue-admin.service';
export * from './slot-catalogue.service';
export * from './slots.module';
export * from './slot-requests.service';
