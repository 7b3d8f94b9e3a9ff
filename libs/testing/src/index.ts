export * from './test-database';
export * from './test-env';
export * from './test-client';
export * from './factories';
export * from './test-stack';
export * from './wait-for';
export * from './fakes/fake-kick.server';
