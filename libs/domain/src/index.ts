export * from './identity';
export * from './site';
export * from './economy';
export * from './store';
export * from './raffles';
export * from './leaderboard';
export * from './hunts';
export * from './demo/demo-seed';
