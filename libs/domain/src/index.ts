export * from './identity';
export * from './site';
export * from './economy';
export * from './demo/demo-seed';
