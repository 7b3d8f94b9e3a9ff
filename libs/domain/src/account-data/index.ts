export * from './account-data.module';
export * from './account-data-jobs.module';
export * from './account-export.service';
export * from './account-deletion.service';
export * from './account-archive';
