export * from './polls.errors';
export * from './polls.service';
export * from './polls.module';
