export * from './winners.service';
export * from './winners.module';
