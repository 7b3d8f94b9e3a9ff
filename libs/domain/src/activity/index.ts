export * from './activity.module';
export * from './activity-jobs.module';
export * from './kick-webhook.service';
export * from './kick-subscriptions.service';
export * from './admin-activity.service';
export * from './live-state.service';
export * from './activity-awards.service';
export * from './watch.service';
