export * from './api/envelope';
export * from './api/auth';
export * from './api/site';
export * from './api/page-data';
export * from './api/admin-audit';
export * from './events';
export * from './jobs';
export * from './realtime';
