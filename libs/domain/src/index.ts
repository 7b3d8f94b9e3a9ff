export * from './identity';
export * from './site';
export * from './demo/demo-seed';
