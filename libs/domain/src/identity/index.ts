export * from './user.entity';
export * from './users.service';
export * from './kick-profile';
export * from './identity.module';
export * from './admin-users.service';
export * from './member-settings.service';
export * from './member-moderation.service';
