export * from './social.module';
export * from './friendships.service';
export * from './profiles.service';
export * from './friendship-view';
