export * from './ticket-images.service';
export * from './tickets.service';
export * from './tickets-admin.service';
export * from './tickets.module';
export * from './tickets.seed';
