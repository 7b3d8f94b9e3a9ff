export * from './ticket-images.service';
export * from './tickets.service';
export * from './admin-tickets.service';
export * from './tickets.module';
export * from './tickets.seed';
