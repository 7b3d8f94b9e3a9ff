export * from './read-api-tokens.service';
export * from './read-api.module';
